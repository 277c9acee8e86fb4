// Changing the paper of an open olympiad: asked once, run again with confirm=true, or left alone; a
// change made says so and refreshes the olympiad's paper and files, one the admin declined neither.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApiResult } from '@olympiad/shared/api/envelope';
import { notifications } from '@olympiad/shared/feedback/notifications';
import { ConfirmProvider, type ConfirmOptions } from '@olympiad/shared/ui/confirm/confirm-dialog';
import { changePaper, usePaperMutation } from './paper-change';
import { paperKeys } from './paper-types';

const inUse: ApiResult<number> = { ok: false, status: 409, code: 'paper_in_use', message: 'This olympiad is open.', fields: {}, body: null };
const done: ApiResult<number> = { ok: true, status: 200, data: 7, body: null };

afterEach(() => notifications.set([]));

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

describe('a mutation of the paper', () => {
  function mutation(send: (id: number, confirm: boolean) => Promise<ApiResult<number>>) {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MantineProvider env="test">
          <ConfirmProvider>{children}</ConfirmProvider>
        </MantineProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => usePaperMutation(12, send, (position: number, id: number) => `Question ${id} is now question ${position}.`), { wrapper });
    return { result, invalidated: () => invalidate.mock.calls.map(([filters]) => filters?.queryKey) };
  }

  it('asks when the olympiad is open; once confirmed it says so and refreshes the paper and its files', async () => {
    const send = vi.fn(async (_: number, confirm: boolean) => (confirm ? done : inUse));
    const { result, invalidated } = mutation(send);
    const answer = result.current.mutateAsync(3);
    await userEvent.click(await screen.findByRole('button', { name: 'Change the paper' }));
    expect(await answer).toBe(done);
    expect(send.mock.calls).toEqual([
      [3, false],
      [3, true],
    ]);
    expect(notifications.get().map((n) => n.message)).toEqual(['Question 3 is now question 7.']);
    expect(invalidated()).toEqual([paperKeys.olympiad(12), paperKeys.attachments(12)]);
  });

  it('answers null, says nothing and refreshes nothing when the admin says no', async () => {
    const send = vi.fn(async () => inUse);
    const { result, invalidated } = mutation(send);
    const answer = result.current.mutateAsync(3);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await answer).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
    expect(notifications.get()).toEqual([]);
    expect(invalidated()).toEqual([]);
  });
});
