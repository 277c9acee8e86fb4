// The resource kit: a mutation says it worked and refreshes its lists only when the server agrees; the
// editor fills its form from the row, puts the server's messages on their fields and closes on success;
// a delete action asks first, with a red button named after it, and alerts a refusal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { z } from 'zod';
import type { ApiResult } from '../api/envelope';
import { notifications } from '../feedback/notifications';
import { TextField } from '../ui/form/form-fields';
import { useApiMutation } from './use-api-mutation';
import { useResourceEditor } from './use-resource-editor';
import { EditorModal } from './editor-modal';
import { deleteAction } from './row-actions';

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data, body: null });
const refused = (message: string, fields: Record<string, string> = {}): ApiResult<never> => ({
  ok: false,
  status: 422,
  code: 'validation',
  message,
  fields,
  body: null,
});

function providers(queryClient = new QueryClient()) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">{children}</MantineProvider>
    </QueryClientProvider>
  );
}

const said = () => notifications.get().map((n) => `${n.tone}: ${n.message}`);

afterEach(() => notifications.set([]));

describe('useApiMutation', () => {
  it('says so and refreshes its lists when the change is made', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(
      () =>
        useApiMutation({
          mutationFn: async (name: string) => ok({ name }),
          success: (school) => `${school.name} is saved.`,
          invalidates: () => [['schools'], ['entries']],
        }),
      { wrapper: providers(queryClient) },
    );
    await act(() => result.current.mutateAsync('Thuto High'));
    expect(said()).toEqual(['success: Thuto High is saved.']);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['schools'], ['entries']]);
  });

  it('answers a refusal without a word or a refresh', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useApiMutation({ mutationFn: async () => refused('No.'), success: 'Saved.', invalidates: () => [['schools']] }), {
      wrapper: providers(queryClient),
    });
    const answer = await act(() => result.current.mutateAsync());
    expect(answer).toMatchObject({ ok: false, message: 'No.' });
    expect(said()).toEqual([]);
    expect(invalidate).not.toHaveBeenCalled();
  });
});

type Country = { id: number; name: string };
const countrySchema = z.object({ name: z.string().trim().min(1, 'is required') });

function CountryEditor({ save, row }: { save: (values: { name: string }, row: Country | null) => Promise<ApiResult<unknown>>; row: Country | null }) {
  const editor = useResourceEditor({ schema: countrySchema, empty: { name: '' }, valuesOf: (c: Country) => ({ name: c.name }), save });
  return (
    <>
      <button type="button" onClick={() => (row ? editor.edit(row) : editor.create())}>
        Open
      </button>
      <EditorModal editor={editor} title={(c) => (c ? `Edit ${c.name}` : 'New country')}>
        <TextField control={editor.form.control} name="name" label="Name" />
      </EditorModal>
    </>
  );
}

describe('useResourceEditor', () => {
  it('fills the form from the row and closes once saved', async () => {
    const save = vi.fn(async () => ok(null));
    render(<CountryEditor save={save} row={{ id: 7, name: 'Namibia' }} />, { wrapper: providers() });
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Namibia' });
    expect(screen.getByLabelText('Name')).toHaveValue('Namibia');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Botswana');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ name: 'Botswana' }, { id: 7, name: 'Namibia' });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it("puts the server's messages on their fields, and the rest in the form's alert", async () => {
    const save = vi
      .fn<(values: { name: string }, row: Country | null) => Promise<ApiResult<unknown>>>()
      .mockResolvedValueOnce(refused('Check the form.', { name: 'is taken' }))
      .mockResolvedValueOnce(refused('The olympiad is closed.'));
    render(<CountryEditor save={save} row={null} />, { wrapper: providers() });
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'New country' });
    await userEvent.type(screen.getByLabelText('Name'), 'Lesotho');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is taken')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ name: 'Lesotho' }, null);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The olympiad is closed.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New country' })).toBeInTheDocument();
  });
});

describe('deleteAction', () => {
  it('asks with a red button named after the action, and alerts a refusal', async () => {
    const action = deleteAction<Country>({
      label: 'Remove',
      confirm: (c) => ({ title: `Remove ${c.name}?`, message: 'It goes.' }),
      change: async () => refused('It has entries.'),
    });
    expect(action.color).toBe('red');
    expect(action.confirm?.({ id: 1, name: 'Namibia' })).toEqual({ title: 'Remove Namibia?', message: 'It goes.', danger: true, confirmLabel: 'Remove' });
    await action.run({ id: 1, name: 'Namibia' });
    expect(said()).toEqual(['error: It has entries.']);
  });
});
