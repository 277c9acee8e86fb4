import type { ReactNode } from 'react';
import type { ApiOperation } from '../../access/can';
import type { ConfirmOptions } from '../confirm/confirm-dialog';

export type CellValue = string | number | boolean | Date | null | undefined;

export type SortRule = { id: string; desc: boolean };

/** What the grid asks the server for: one page (1-based) of the filtered, searched, sorted rows. */
export type GridParams = {
  page: number;
  pageSize: number;
  sort: SortRule[];
  /** Column id to filter value; only non-empty filters are present. */
  filters: Record<string, string>;
  search: string;
};

/** The same selection without paging: what an export fetches. */
export type GridSelection = Omit<GridParams, 'page' | 'pageSize'>;

export type GridPage<Row> = { rows: Row[]; total: number };

export type SelectOption = { value: string; label: string };

export type GridColumn<Row> = {
  id: string;
  header: string;
  /** The cell's value: shown (unless `cell` is given), sorted, filtered, searched and exported. */
  value: (row: Row) => CellValue;
  cell?: (row: Row) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  filter?: { type: 'text' } | { type: 'select'; options: SelectOption[] };
  /** For grids paged in memory: whether a row passes this column's filter (default: by `value`). */
  matches?: (row: Row, filterValue: string) => boolean;
  /** Default true. */
  exportable?: boolean;
  /** Default true: whether the free-text search looks at this column. */
  searchable?: boolean;
  width?: number | string;
};

export type BulkAction<Row> = {
  label: string;
  /** The API operation it calls: the grid offers it only to those whose role may call it (`can`). */
  operation?: ApiOperation;
  color?: string;
  /** Ask before running (for destructive actions). */
  confirm?: (rows: Row[]) => ConfirmOptions;
  run: (rows: Row[]) => unknown;
};

export type RowAction<Row> = {
  label: string;
  /** The API operation it calls: the grid offers it only to those whose role may call it (`can`). */
  operation?: ApiOperation;
  color?: string;
  confirm?: (row: Row) => ConfirmOptions;
  run: (row: Row) => unknown;
  /** Hide the action for rows it does not apply to. */
  hidden?: (row: Row) => boolean;
};
