import { describe, expect, it } from 'vitest';
import { listQuery } from './server-query';
import { fileNameOf } from '../../api/download';

describe('listQuery', () => {
  it('turns the grid parameters into the API query', () => {
    expect(
      listQuery(
        { page: 2, pageSize: 25, sort: [{ id: 'name', desc: false }, { id: 'grade', desc: true }], search: ' mol ', filters: { province: 'Gauteng', grade: '' } },
        { province: 'province' },
      ),
    ).toEqual({ page: 2, pageSize: 25, sort: 'name,-grade', search: 'mol', province: 'Gauteng' });
  });

  it('leaves paging out of an export', () => {
    expect(listQuery({ sort: [], search: '', filters: { status: 'open' } }, { status: 'status' })).toEqual({ status: 'open' });
  });

  it('reads the file name of a download', () => {
    expect(fileNameOf('attachment; filename="learners.xlsx"', 'x')).toBe('learners.xlsx');
    expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
  });
});
