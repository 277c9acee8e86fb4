// A grid over a list the server pages: its query key, page fetch, export and row ids, from one
// description; a screen spreads them into the DataGrid (`<DataGrid {...grid} … />`).
import { downloadFile } from '../../api/download';
import { listQuery, type ListQuery } from './server-query';
import type { GridPage, GridParams, GridSelection } from './grid-types';

export type ServerList<Row> = {
  /** The list's path, for exports (`format=csv|xlsx`). */
  path: string;
  /** The list's query key; the grid appends its parameters. */
  queryKey: readonly unknown[];
  /** One page, typed by the feature's own call. */
  fetchPage: (query: ListQuery) => Promise<GridPage<Row>>;
  /** What every request carries (the olympiad, a fixed filter). */
  baseQuery?: ListQuery;
  /** Filters whose query name differs from their column id. */
  filterNames?: Record<string, string>;
  exportName: string;
};

export function serverGrid<Row extends { id: number | string }>(list: ServerList<Row>) {
  const base = list.baseQuery ?? {};
  return {
    queryKey: list.queryKey,
    exportName: list.exportName,
    getRowId: (row: Row) => String(row.id),
    fetchRows: (params: GridParams) => list.fetchPage({ ...base, ...listQuery(params, list.filterNames) }),
    exportFile: async (selection: GridSelection, format: 'csv' | 'xlsx') => {
      const result = await downloadFile('GET', list.path, {
        query: { ...base, ...listQuery(selection, list.filterNames), format },
        fallbackName: `${list.exportName}.${format}`,
      });
      if (!result.ok) throw new Error(result.message);
    },
  };
}
