// The resource kit: a mutation says it worked and refreshes its lists only when the server agrees; the
// editor fills its form from the row, puts the server's messages on their fields and closes on success;
// a delete action asks first, with a red button named after it, and alerts a refusal; a grid screen offers
// its New button only to those who may create, opens the editor from it and from Edit; a dialog keeps the
// server's refusal until the next try succeeds.
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
import { copyEmailsAction, deleteAction, editAction } from './row-actions';
import { ResourceGrid, exportNameOf } from './resource-grid';
import { useRefusal } from './use-refusal';
import { useRowDialog } from './use-row-dialog';
import { useConfirmedChange } from './use-confirmed-change';
import { useRecordForm } from './use-record-form';
import { useRecordDraft } from './use-record-draft';
import { TypedConfirmation } from './typed-confirmation';
import { RowModal } from './row-modal';
import { ConfirmProvider } from '../ui/confirm/confirm-dialog';
import { USER_KEY } from '../session/stored-user';

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
      <MantineProvider env="test">
        <ConfirmProvider>{children}</ConfirmProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

const said = () => notifications.get().map((n) => `${n.tone}: ${n.message}`);

afterEach(() => {
  notifications.set([]);
  window.localStorage.clear();
});

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

  it('says and refreshes nothing when the change was not sent (a confirmation answered no)', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useApiMutation({ mutationFn: async () => null, success: 'Saved.', invalidates: () => [['schools']] }), {
      wrapper: providers(queryClient),
    });
    expect(await act(() => result.current.mutateAsync())).toBeNull();
    expect(said()).toEqual([]);
    expect(invalidate).not.toHaveBeenCalled();
  });
});

type Country = { id: number; name: string };
const countrySchema = z.object({ name: z.string().trim().min(1, 'is required') });

function CountryEditor({ save, row }: { save: (values: { name: string }, row: Country | null) => Promise<ApiResult<unknown> | null>; row: Country | null }) {
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

const countries: Country[] = [
  { id: 1, name: 'Namibia' },
  { id: 2, name: 'Botswana' },
];

function CountriesGrid({ save }: { save: (values: { name: string }, row: Country | null) => Promise<ApiResult<unknown> | null> }) {
  const editor = useResourceEditor({ schema: countrySchema, empty: { name: '' }, valuesOf: (c: Country) => ({ name: c.name }), save });
  return (
    <ResourceGrid
      title="Countries"
      description="The countries."
      label="Igeo countries"
      queryKey={['countries']}
      columns={[{ id: 'name', header: 'Name', value: (c: Country) => c.name }]}
      fetchRows={async () => ({ rows: countries, total: countries.length })}
      rowActions={[editAction(editor, 'PUT /api/igeo-country/{id}')]}
      editor={editor}
      create={{ label: 'New country', operation: 'POST /api/igeo-country' }}
      editorTitle={(c) => (c ? `Edit ${c.name}` : 'New country')}
    >
      <TextField control={editor.form.control} name="name" label="Name" />
    </ResourceGrid>
  );
}

const signInAs = (role: string) => window.localStorage.setItem(USER_KEY, JSON.stringify({ id: 1, role, olympiadName: 'igeo', accessToken: 't' }));

describe('ResourceGrid', () => {
  it('offers New and Edit to those who may save, and opens the editor on a new row or the chosen one', async () => {
    signInAs('admin');
    const save = vi.fn(async () => ok(null));
    render(<CountriesGrid save={save} />, { wrapper: providers() });
    expect(screen.getByRole('heading', { name: 'Countries' })).toBeInTheDocument();
    await screen.findByText('Botswana');
    await userEvent.click(screen.getByRole('button', { name: 'New country' }));
    await userEvent.type(await screen.findByLabelText('Name'), 'Lesotho');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ name: 'Lesotho' }, null);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Edit Botswana' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Botswana');
  });

  it('shows neither button to a role that may not save, and keeps the dialog open when nothing was sent', async () => {
    signInAs('marketing');
    render(<CountriesGrid save={async () => null} />, { wrapper: providers() });
    await screen.findByText('Botswana');
    expect(screen.queryByRole('button', { name: 'New country' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('names its exports after the grid', () => {
    expect(exportNameOf('Mass mails')).toBe('mass-mails');
    expect(exportNameOf('FAQs')).toBe('faqs');
  });
});

describe('useResourceEditor', () => {
  it('stays open when the save was not sent (a confirmation answered no)', async () => {
    const save = vi.fn(async () => null);
    render(<CountryEditor save={save} row={null} />, { wrapper: providers() });
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(await screen.findByLabelText('Name'), 'Lesotho');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'New country' })).toBeInTheDocument();
  });
});

describe('row dialogs and refusals', () => {
  it('opens a dialog on one row and closes it', () => {
    const { result } = renderHook(() => useRowDialog<Country>());
    expect(result.current.opened).toBe(false);
    act(() => result.current.open({ id: 1, name: 'Namibia' }));
    expect(result.current).toMatchObject({ opened: true, row: { id: 1, name: 'Namibia' } });
    act(() => result.current.close());
    expect(result.current.row).toBeNull();
  });

  it('shows the chosen row in a dialog titled after it', async () => {
    function Team() {
      const team = useRowDialog<Country>();
      return (
        <>
          <button type="button" onClick={() => team.open({ id: 1, name: 'Namibia' })}>
            Team
          </button>
          <RowModal dialog={team} title={(c) => `Team of ${c.name}`}>
            {(c) => <p>{c.name} has no team yet.</p>}
          </RowModal>
        </>
      );
    }
    render(<Team />, { wrapper: providers() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Team of Namibia' });
    expect(dialog).toHaveTextContent('Namibia has no team yet.');
  });

  it("keeps the server's refusal until a try succeeds, and only then goes on", async () => {
    const { result } = renderHook(() => useRefusal());
    const then = vi.fn();
    await act(async () => expect(await result.current.attempt(Promise.resolve(refused('Too many.')), then)).toBe(false));
    expect(result.current.message).toBe('Too many.');
    expect(then).not.toHaveBeenCalled();
    await act(async () => expect(await result.current.attempt(Promise.resolve(ok(3)), then)).toBe(true));
    expect(result.current.message).toBeNull();
    expect(then).toHaveBeenCalledWith(3);
  });

  it('copies the chosen rows’ addresses, skipping the empty ones', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await copyEmailsAction<{ email: string | null }>((row) => row.email).run([{ email: 'a@school.za' }, { email: null }, { email: 'b@school.za' }]);
    expect(writeText).toHaveBeenCalledWith('a@school.za, b@school.za');
    expect(said()).toEqual(['success: Copied 2 e-mail addresses.']);
  });
});

describe('useConfirmedChange', () => {
  function Merge({ change, then }: { change: () => Promise<ApiResult<string>>; then: (data: string) => void }) {
    const merging = useConfirmedChange();
    return (
      <button type="button" onClick={() => void merging.run({ title: 'Merge these schools?', message: 'It cannot be undone.', confirmLabel: 'Merge' }, change, then)}>
        Merge schools
      </button>
    );
  }

  it('sends nothing unless the person agrees, then goes on with the answer or alerts the refusal', async () => {
    const change = vi.fn<() => Promise<ApiResult<string>>>().mockResolvedValueOnce(refused('The schools are the same.')).mockResolvedValueOnce(ok('merged'));
    const then = vi.fn();
    render(<Merge change={change} then={then} />, { wrapper: providers() });
    await userEvent.click(screen.getByRole('button', { name: 'Merge schools' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(change).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Merge schools' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(said()).toEqual(['error: The schools are the same.']));
    expect(then).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Merge schools' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(then).toHaveBeenCalledWith('merged'));
  });
});

type Profile = { id: number; firstName: string; school: { name: string } };
const profileSchema = z.object({ firstName: z.string().trim().min(1, 'is required') });

function ProfileForm({ profile, save, onSaved }: { profile: Profile | undefined; save: (values: { firstName: string }) => Promise<ApiResult<Profile> | null>; onSaved?: () => void }) {
  const { form, error, submit } = useRecordForm({
    schema: profileSchema,
    record: profile,
    valuesOf: (p: Profile) => ({ firstName: p.firstName }),
    save,
    serverPrefix: 'teacher.',
    onSaved,
  });
  return (
    <form onSubmit={submit} noValidate>
      {error && <p role="alert">{error}</p>}
      <TextField control={form.control} name="firstName" label="First name" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useRecordForm', () => {
  const thandi: Profile = { id: 1, firstName: 'Thandi', school: { name: 'Thuto High' } };

  it('fills the form once the record is loaded, and again only when its values change', async () => {
    const save = vi.fn(async () => ok(thandi));
    const { rerender } = render(<ProfileForm profile={undefined} save={save} />, { wrapper: providers() });
    expect(screen.getByLabelText('First name')).toHaveValue('');
    rerender(<ProfileForm profile={thandi} save={save} />);
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Thandi'));
    await userEvent.type(screen.getByLabelText('First name'), 'we');
    // A refresh answers a new object with the same values: what is being typed stays.
    rerender(<ProfileForm profile={{ ...thandi, school: { name: 'Thuto High' } }} save={save} />);
    expect(screen.getByLabelText('First name')).toHaveValue('Thandiwe');
    // The record as the server answers it after a save fills the form.
    rerender(<ProfileForm profile={{ ...thandi, firstName: 'Thandiwe' }} save={save} />);
    await userEvent.clear(screen.getByLabelText('First name'));
    rerender(<ProfileForm profile={{ ...thandi, firstName: 'Thandeka' }} save={save} />);
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Thandeka'));
  });

  it("puts the server's messages on their fields under its prefix, the rest in the alert, and goes on once saved", async () => {
    const save = vi
      .fn<(values: { firstName: string }) => Promise<ApiResult<Profile> | null>>()
      .mockResolvedValueOnce(refused('Check the form.', { 'teacher.firstName': 'is too long' }))
      .mockResolvedValueOnce(refused('Your account is disabled.'))
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(ok(thandi));
    const onSaved = vi.fn();
    render(<ProfileForm profile={thandi} save={save} onSaved={onSaved} />, { wrapper: providers() });
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Thandi'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is too long')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is disabled.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSaved).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenLastCalledWith({ firstName: 'Thandi' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the form before anything is sent', async () => {
    const save = vi.fn(async () => ok(thandi));
    render(<ProfileForm profile={thandi} save={save} />, { wrapper: providers() });
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Thandi'));
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is required')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('useRecordDraft', () => {
  type Copy = { title: string; body: string };
  const draftOf = (record: Copy, save: (draft: Copy) => Promise<ApiResult<Copy> | null>, onSaved?: (copy: Copy) => void) =>
    renderHook(({ record }) => useRecordDraft({ record, save, onSaved }), { initialProps: { record } });

  it('starts as the record, keeps what is edited through a refresh, and starts again from a record that changed', () => {
    const { result, rerender } = draftOf({ title: 'Terms', body: '<p>Old</p>' }, async () => null);
    expect(result.current.changed).toBe(false);
    act(() => result.current.change({ body: '<p>New</p>' }));
    expect(result.current).toMatchObject({ draft: { title: 'Terms', body: '<p>New</p>' }, changed: true });
    rerender({ record: { title: 'Terms', body: '<p>Old</p>' } });
    expect(result.current.draft.body).toBe('<p>New</p>');
    act(() => result.current.undo());
    expect(result.current.changed).toBe(false);
    act(() => result.current.set({ title: 'T', body: '' }));
    rerender({ record: { title: 'Terms of entry', body: '<p>Kept</p>' } });
    expect(result.current).toMatchObject({ draft: { title: 'Terms of entry', body: '<p>Kept</p>' }, changed: false });
  });

  it("keeps the server's messages by field, its sentence when it names none, and goes on once saved", async () => {
    const save = vi
      .fn<(draft: Copy) => Promise<ApiResult<Copy> | null>>()
      .mockResolvedValueOnce(refused('Check the form.', { title: 'is too long' }))
      .mockResolvedValueOnce(refused('The olympiad is closed.'))
      .mockImplementationOnce(async (draft) => ok(draft));
    const onSaved = vi.fn();
    const { result } = draftOf({ title: 'Terms', body: '' }, save, onSaved);
    await act(() => result.current.submit());
    expect(result.current).toMatchObject({ errors: { title: 'is too long' }, message: null, saving: false });
    await act(() => result.current.submit());
    expect(result.current).toMatchObject({ errors: {}, message: 'The olympiad is closed.' });
    expect(onSaved).not.toHaveBeenCalled();
    // Another value than the draft: a text as previewed.
    await act(() => result.current.submit({ title: 'Terms', body: '<p>Previewed</p>' }));
    expect(save).toHaveBeenLastCalledWith({ title: 'Terms', body: '<p>Previewed</p>' });
    expect(onSaved).toHaveBeenCalledWith({ title: 'Terms', body: '<p>Previewed</p>' });
    expect(result.current).toMatchObject({ errors: {}, message: null });
  });
});

describe('TypedConfirmation', () => {
  it('works only once the word is typed, alerts a refusal, and closes once the change is made', async () => {
    const change = vi.fn<() => Promise<ApiResult<unknown>>>().mockResolvedValueOnce(refused('The sitting is over.')).mockResolvedValueOnce(ok(null));
    const onClose = vi.fn();
    render(
      <TypedConfirmation word="thandi.m" label="Type their username, thandi.m, to reset them" confirmLabel="Reset the learner" change={change} onClose={onClose}>
        <p>Their attempt is set aside.</p>
      </TypedConfirmation>,
      { wrapper: providers() },
    );
    const button = screen.getByRole('button', { name: 'Reset the learner' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Type their username, thandi.m, to reset them'), 'thandi');
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Type their username, thandi.m, to reset them'), '.m ');
    await userEvent.click(button);
    await waitFor(() => expect(said()).toEqual(['error: The sitting is over.']));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
