// The back office's data grid: server-side paging, sorting, filters and search; CSV/XLSX export of every
// filtered row; bulk actions on selected rows; a loading state until the first page arrives. A screen
// gives it columns and two fetch functions, and nothing else. An action that names the API operation it
// calls is offered only to those whose role may call it.
import { useMemo, useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { cellText } from './cell-text';
import { exportCsv, exportXlsx } from './export-rows';
import type { BulkAction, GridColumn, GridPage, GridParams, GridSelection, RowAction, SortRule } from './grid-types';
import { useConfirm } from '../confirm/confirm-dialog';
import { useCan, type ApiOperation } from '../../access/can';
import { alertError } from '../../feedback/notifications';
import classes from './data-grid.module.css';

export type DataGridProps<Row> = {
  /** Accessible name of the table, e.g. "Users". */
  label: string;
  /** The list's query key; the grid appends its parameters (`[...queryKey, 'grid', params]`). */
  queryKey: readonly unknown[];
  columns: GridColumn<Row>[];
  fetchRows: (params: GridParams) => Promise<GridPage<Row>>;
  /** Every row the current filters and search select, for exports made here (lists kept in memory). */
  fetchAll?: (selection: GridSelection) => Promise<Row[]>;
  /** Or: the server writes the export of every selected row (big lists); used instead of `fetchAll`. */
  exportFile?: (selection: GridSelection, format: 'csv' | 'xlsx') => Promise<void>;
  getRowId: (row: Row) => string;
  /** File name of exports, without extension. */
  exportName: string;
  bulkActions?: BulkAction<Row>[];
  rowActions?: RowAction<Row>[];
  initialSort?: SortRule[];
  /** Filters set when the grid opens (column id to value), e.g. only open expressions of interest. */
  initialFilters?: Record<string, string>;
  pageSizes?: number[];
  /** One of `pageSizes`; default 25. */
  defaultPageSize?: number;
  searchPlaceholder?: string;
  /** Above the grid, right of the search (e.g. a "New" button). */
  toolbar?: ReactNode;
};

const DEFAULT_PAGE_SIZES = [10, 25, 50, 100];
const DEBOUNCE_MS = 300;

export function DataGrid<Row>({
  label,
  queryKey,
  columns,
  fetchRows,
  fetchAll,
  exportFile,
  getRowId,
  exportName,
  bulkActions: declaredBulkActions = [],
  rowActions: declaredRowActions = [],
  initialSort = [],
  initialFilters = {},
  pageSizes = DEFAULT_PAGE_SIZES,
  defaultPageSize = 25,
  searchPlaceholder = 'Search',
  toolbar,
}: DataGridProps<Row>) {
  const confirm = useConfirm();
  const can = useCan();
  const offered = (action: { operation?: ApiOperation }) => action.operation === undefined || can(action.operation);
  const bulkActions = declaredBulkActions.filter(offered);
  const rowActions = declaredRowActions.filter(offered);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes.includes(defaultPageSize) ? defaultPageSize : (pageSizes[0] ?? 25));
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [searchInput, setSearchInput] = useState('');
  const [filterInputs, setFilterInputs] = useState<Record<string, string>>(initialFilters);
  const [search] = useDebouncedValue(searchInput.trim(), DEBOUNCE_MS);
  const [debouncedFilters] = useDebouncedValue(filterInputs, DEBOUNCE_MS);
  const [selected, setSelected] = useState<Map<string, Row>>(new Map());
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const filters = useMemo(
    () => Object.fromEntries(Object.entries(debouncedFilters).filter(([, value]) => value.trim() !== '')),
    [debouncedFilters],
  );
  const selection: GridSelection = useMemo(() => ({ sort: sorting, filters, search }), [sorting, filters, search]);
  const params: GridParams = { ...selection, page, pageSize };

  const query = useQuery({
    queryKey: [...queryKey, 'grid', params],
    queryFn: () => fetchRows(params),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  const resetPage = () => setPage(1);
  const selectable = bulkActions.length > 0;

  const columnDefs = useMemo<ColumnDef<Row>[]>(() => {
    const defs: ColumnDef<Row>[] = columns.map((column) => ({
      id: column.id,
      header: column.header,
      accessorFn: (row) => column.value(row),
      enableSorting: column.sortable !== false,
      cell: ({ row }) => (column.cell ? column.cell(row.original) : cellText(column.value(row.original))),
    }));
    if (selectable) {
      defs.unshift({
        id: '__select',
        enableSorting: false,
        header: ({ table }) => (
          <Checkbox
            aria-label="Select all rows on this page"
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Select row ${row.id}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      });
    }
    if (rowActions.length > 0) {
      defs.push({
        id: '__actions',
        enableSorting: false,
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {rowActions
              .filter((action) => !action.hidden?.(row.original))
              .map((action) => (
                <Button
                  key={action.label}
                  size="compact-xs"
                  variant="light"
                  color={action.color}
                  onClick={async () => {
                    if (action.confirm && !(await confirm(action.confirm(row.original)))) return;
                    await action.run(row.original);
                  }}
                >
                  {action.label}
                </Button>
              ))}
          </Group>
        ),
      });
    }
    return defs;
  }, [columns, rowActions, selectable, confirm]);

  const rowSelection: RowSelectionState = useMemo(
    () => Object.fromEntries([...selected.keys()].map((id) => [id, true])),
    [selected],
  );

  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: true,
    enableRowSelection: selectable,
    pageCount,
    state: { sorting, rowSelection },
    onSortingChange: (updater) => {
      setSorting(updater);
      resetPage();
    },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      setSelected((current) => {
        const updated = new Map(current);
        for (const row of rows) {
          const id = getRowId(row);
          if (next[id]) updated.set(id, row);
          else updated.delete(id);
        }
        return updated;
      });
    },
  });

  const runExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      if (exportFile) {
        await exportFile(selection, format);
      } else if (fetchAll) {
        const all = await fetchAll(selection);
        if (format === 'csv') exportCsv(columns, all, exportName);
        else await exportXlsx(columns, all, exportName);
      }
    } catch (error) {
      alertError(error instanceof Error ? error.message : 'The export failed');
    } finally {
      setExporting(null);
    }
  };

  const runBulk = async (action: BulkAction<Row>) => {
    const chosen = [...selected.values()];
    if (action.confirm && !(await confirm(action.confirm(chosen)))) return;
    await action.run(chosen);
  };

  const filterable = columns.filter((column) => column.filter);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <Paper withBorder radius="md" className={classes.grid}>
      <Group justify="space-between" p="sm" gap="sm" className={classes.toolbar}>
        <TextInput
          aria-label={`Search ${label}`}
          placeholder={searchPlaceholder}
          value={searchInput}
          onChange={(event) => {
            setSearchInput(event.currentTarget.value);
            resetPage();
          }}
          className={classes.search}
        />
        <Group gap="xs">
          {toolbar}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" loading={exporting !== null} disabled={total === 0}>
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>All {total} filtered rows</Menu.Label>
              <Menu.Item onClick={() => runExport('csv')}>CSV</Menu.Item>
              <Menu.Item onClick={() => runExport('xlsx')}>Excel (XLSX)</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      {selectable && selected.size > 0 && (
        <Group p="sm" gap="sm" className={classes.bulk} role="region" aria-label="Bulk actions">
          <Text size="sm" fw={600}>
            {selected.size} selected
          </Text>
          {bulkActions.map((action) => (
            <Button key={action.label} size="xs" color={action.color} onClick={() => runBulk(action)}>
              {action.label}
            </Button>
          ))}
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        </Group>
      )}

      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} aria-busy={query.isFetching}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const column = columns.find((c) => c.id === header.column.id);
                  return (
                    <Table.Th
                      key={header.id}
                      style={column?.width !== undefined ? { width: column.width } : undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <UnstyledButton onClick={header.column.getToggleSortingHandler()} className={classes.sort}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true" className={classes.sortMark}>
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </UnstyledButton>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
            {filterable.length > 0 && (
              <Table.Tr>
                {table.getVisibleLeafColumns().map((leaf) => {
                  const column = columns.find((c) => c.id === leaf.id);
                  const filter = column?.filter;
                  return (
                    <Table.Th key={leaf.id}>
                      {column && filter?.type === 'text' && (
                        <TextInput
                          size="xs"
                          aria-label={`Filter ${column.header}`}
                          placeholder="Filter"
                          value={filterInputs[column.id] ?? ''}
                          onChange={(event) => {
                            const value = event.currentTarget.value;
                            setFilterInputs((current) => ({ ...current, [column.id]: value }));
                            resetPage();
                          }}
                        />
                      )}
                      {column && filter?.type === 'select' && (
                        <Select
                          size="xs"
                          // Wide enough to show its choice in a narrow column, on a tablet say.
                          miw={130}
                          aria-label={`Filter ${column.header}`}
                          placeholder="All"
                          clearable
                          data={filter.options}
                          value={filterInputs[column.id] || null}
                          onChange={(value) => {
                            setFilterInputs((current) => ({ ...current, [column.id]: value ?? '' }));
                            resetPage();
                          }}
                        />
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody className={query.isFetching && !query.isPending ? classes.refreshing : undefined}>
            {query.isPending &&
              Array.from({ length: Math.min(pageSize, 8) }, (_, index) => (
                <Table.Tr key={`loading-${index}`} data-testid="grid-loading-row">
                  {table.getVisibleLeafColumns().map((leaf) => (
                    <Table.Td key={leaf.id}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {!query.isPending &&
              table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id} bg={row.getIsSelected() ? 'var(--mantine-primary-color-light)' : undefined}>
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {query.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={table.getVisibleLeafColumns().length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {search !== '' || Object.keys(filters).length > 0 ? 'No rows match the search and filters.' : 'Nothing here yet.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {query.isPending && (
        <Text className="visually-hidden" role="status">
          Loading {label}…
        </Text>
      )}
      {query.isError && (
        <Alert color="red" m="sm" title={`Could not load ${label.toLowerCase()}`}>
          <Group justify="space-between">
            <span>{query.error.message}</span>
            <Button size="xs" variant="white" color="red" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}

      <Group justify="space-between" p="sm" gap="sm" className={classes.footer}>
        <Text size="sm" c="dimmed" role="status">
          {query.isPending ? 'Loading…' : `Showing ${first}–${last} of ${total}`}
        </Text>
        <Group gap="sm">
          <Select
            size="xs"
            w={110}
            aria-label="Rows per page"
            data={pageSizes.map((size) => ({ value: String(size), label: `${size} / page` }))}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={(value) => {
              setPageSize(Number(value));
              resetPage();
            }}
          />
          <Pagination
            size="sm"
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      </Group>
    </Paper>
  );
}
