import { describe, expect, it } from 'vitest';
import { pageRows, selectRows } from './local-paging';
import type { GridColumn, GridParams } from './grid-types';

type School = { id: number; name: string; province: string; learners: number | null };

const columns: GridColumn<School>[] = [
  { id: 'name', header: 'School', value: (s) => s.name, filter: { type: 'text' } },
  { id: 'province', header: 'Province', value: (s) => s.province, filter: { type: 'select', options: [] } },
  { id: 'learners', header: 'Learners', value: (s) => s.learners, searchable: false },
];

const schools: School[] = [
  { id: 1, name: 'Grey High School', province: 'Eastern Cape', learners: 120 },
  { id: 2, name: 'Pretoria Girls High', province: 'Gauteng', learners: 95 },
  { id: 3, name: 'Paarl Gimnasium', province: 'Western Cape', learners: null },
  { id: 4, name: 'Hoërskool Waterkloof', province: 'Gauteng', learners: 210 },
  { id: 5, name: 'Grey College', province: 'Free State', learners: 95 },
];

const params = (overrides: Partial<GridParams> = {}): GridParams => ({ page: 1, pageSize: 2, sort: [], filters: {}, search: '', ...overrides });

describe('pageRows', () => {
  it('answers one page and the total, like a server', () => {
    expect(pageRows(schools, params(), columns)).toEqual({ rows: schools.slice(0, 2), total: 5 });
    expect(pageRows(schools, params({ page: 3 }), columns)).toEqual({ rows: [schools[4]], total: 5 });
  });

  it('searches the searchable columns, ignoring case', () => {
    const { rows, total } = pageRows(schools, params({ search: 'grey', pageSize: 10 }), columns);
    expect(rows.map((s) => s.id)).toEqual([1, 5]);
    expect(total).toBe(2);
    expect(pageRows(schools, params({ search: '95' }), columns).total).toBe(0); // learners are not searchable
  });

  it('filters: select columns match exactly, text columns by substring', () => {
    expect(selectRows(schools, { sort: [], filters: { province: 'gauteng' }, search: '' }, columns).map((s) => s.id)).toEqual([2, 4]);
    expect(selectRows(schools, { sort: [], filters: { province: 'Cape' }, search: '' }, columns)).toEqual([]);
    expect(selectRows(schools, { sort: [], filters: { name: 'high' }, search: '' }, columns).map((s) => s.id)).toEqual([1, 2]);
  });

  it('sorts by several columns, numbers as numbers, empty cells last, and keeps ties in order', () => {
    const sorted = selectRows(schools, { sort: [{ id: 'learners', desc: false }], filters: {}, search: '' }, columns);
    expect(sorted.map((s) => s.id)).toEqual([2, 5, 1, 4, 3]);
    const twoKeys = selectRows(
      schools,
      { sort: [{ id: 'learners', desc: true }, { id: 'name', desc: false }], filters: {}, search: '' },
      columns,
    );
    expect(twoKeys.map((s) => s.id)).toEqual([3, 4, 1, 5, 2]);
  });
});
