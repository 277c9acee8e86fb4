// A grid over a list the server sends whole (the overlord's users, an olympiad's files): fetched once per
// query key, then paged, sorted, filtered and searched here like a server would. A screen spreads it into
// the DataGrid (`<DataGrid {...grid} … />`); invalidating the list's key loads it again.
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { pageRows, selectRows } from '../ui/data-grid/local-paging';
import type { GridColumn, GridParams, GridSelection } from '../ui/data-grid/grid-types';

export function useWholeListGrid<Row, Key extends QueryKey>(query: FetchQueryOptions<Row[], Error, Row[], Key>, columns: GridColumn<Row>[]) {
  const queryClient = useQueryClient();
  const all = () => queryClient.fetchQuery(query);
  return {
    queryKey: query.queryKey,
    fetchRows: async (params: GridParams) => pageRows(await all(), params, columns),
    fetchAll: async (selection: GridSelection) => selectRows(await all(), selection, columns),
  };
}
