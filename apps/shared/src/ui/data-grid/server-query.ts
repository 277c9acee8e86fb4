// The grid's parameters as the API's list query: `page`, `pageSize`, `sort` (`name,-grade`), `search`, and
// each filter under its column id (the list endpoints name their filters after the grid's columns).
import type { GridParams, GridSelection } from './grid-types';

export type ListQuery = Record<string, string | number>;

export function sortParam(sort: GridSelection['sort']): string | undefined {
  const text = sort.map((rule) => `${rule.desc ? '-' : ''}${rule.id}`).join(',');
  return text === '' ? undefined : text;
}

export function listQuery(params: GridParams | GridSelection, filterNames: Record<string, string> = {}): ListQuery {
  const query: ListQuery = {};
  if ('page' in params) {
    query.page = params.page;
    query.pageSize = params.pageSize;
  }
  const sort = sortParam(params.sort);
  if (sort !== undefined) query.sort = sort;
  if (params.search.trim() !== '') query.search = params.search.trim();
  for (const [column, value] of Object.entries(params.filters)) {
    if (value.trim() !== '') query[filterNames[column] ?? column] = value.trim();
  }
  return query;
}
