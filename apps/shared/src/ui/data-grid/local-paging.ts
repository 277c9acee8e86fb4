// Paging, sorting, filtering and search over rows already in memory: for the small lists the server
// sends whole (the overlord's users), so that their fetch function answers the grid like a server would.
import { cellText, compareCells } from './cell-text';
import type { GridColumn, GridPage, GridParams, GridSelection } from './grid-types';

export function selectRows<Row>(rows: Row[], selection: GridSelection, columns: GridColumn<Row>[]): Row[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const search = selection.search.trim().toLocaleLowerCase();
  const searchable = columns.filter((column) => column.searchable !== false);
  const filters = Object.entries(selection.filters)
    .filter(([, value]) => value !== '')
    .map(([id, value]) => ({ column: byId.get(id), raw: value, value: value.toLocaleLowerCase() }));

  const selected = rows.filter((row) => {
    for (const { column, raw, value } of filters) {
      if (!column) continue;
      if (column.matches) {
        if (!column.matches(row, raw)) return false;
        continue;
      }
      const text = cellText(column.value(row)).toLocaleLowerCase();
      if (column.filter?.type === 'select' ? text !== value : !text.includes(value)) return false;
    }
    if (search === '') return true;
    return searchable.some((column) => cellText(column.value(row)).toLocaleLowerCase().includes(search));
  });

  const rules = selection.sort.map((rule) => ({ ...rule, column: byId.get(rule.id) })).filter((rule) => rule.column);
  if (rules.length === 0) return selected;
  return selected
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      for (const rule of rules) {
        const order = compareCells(rule.column!.value(a.row), rule.column!.value(b.row));
        if (order !== 0) return rule.desc ? -order : order;
      }
      return a.index - b.index; // stable
    })
    .map(({ row }) => row);
}

export function pageRows<Row>(rows: Row[], params: GridParams, columns: GridColumn<Row>[]): GridPage<Row> {
  const selected = selectRows(rows, params, columns);
  const start = (Math.max(1, params.page) - 1) * params.pageSize;
  return { rows: selected.slice(start, start + params.pageSize), total: selected.length };
}
