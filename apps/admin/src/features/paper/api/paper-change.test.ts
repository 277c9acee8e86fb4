// Changing the paper of an open olympiad: asked once, run again with confirm=true, or left alone.
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@olympiad/shared/api/envelope';
import type { ConfirmOptions } from '@olympiad/shared/ui/confirm/confirm-dialog';
import { changePaper } from './paper-change';

const inUse: ApiResult<number> = { ok: false, status: 409, code: 'paper_in_use', message: 'This olympiad is open.', fields: {}, body: null };
const done: ApiResult<number> = { ok: true, status: 200, data: 7, body: null };

describe('changing the paper', () => {
  it('runs once when the olympiad is closed', async () => {
    const run = vi.fn(async () => done);
    const ask = vi.fn(async () => true);
    expect(await changePaper(run, ask)).toBe(done);
    expect(run.mock.calls).toEqual([[false]]);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks when it is open, and runs again confirmed', async () => {
    const run = vi.fn(async (confirm: boolean) => (confirm ? done : inUse));
    const ask = vi.fn(async (options: ConfirmOptions) => options.danger === true);
    expect(await changePaper(run, ask)).toBe(done);
    expect(run.mock.calls).toEqual([[false], [true]]);
    expect(ask.mock.calls[0]?.[0].message).toContain('activity log');
  });

  it('changes nothing when the admin says no, and passes other failures on', async () => {
    const run = vi.fn(async () => inUse);
    expect(await changePaper(run, async () => false)).toBeNull();
    expect(run).toHaveBeenCalledTimes(1);
    const other = { ...inUse, code: 'validation' as const };
    expect(await changePaper(async () => other, async () => true)).toBe(other);
  });
});
