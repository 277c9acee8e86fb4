// /overlord/edit/users: every user of the platform, searchable, filterable and exportable. The overlord takes
// on a new staff member here (their first account and a password to give them in person), changes a user's
// name and address, disables and enables them, resets their two-factor when they lose their phone, and
// signs in as one of them (impersonate) within one of their olympiads.
import { useQuery } from '@tanstack/react-query';
import type { RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { signInAs } from '@olympiad/shared/features/auth/api/impersonate';
import { PasswordField, SelectField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { changeAction, copyEmailsAction, editAction } from '@olympiad/shared/resource/row-actions';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { olympiadsQuery } from '../../overlord/api/olympiads';
import { usersQuery, type AccountView, type UserWithAccounts } from '../api/get-users';
import {
  newStaffSchema,
  staffRoles,
  staffSchema,
  useCreateStaff,
  useResetTwoFactor,
  useSetUserDisabled,
  useUpdateStaff,
  type NewStaffValues,
  type StaffValues,
} from '../api/staff';
import { fullName, userColumns } from './user-columns';

/** The account an impersonation opens: one inside an olympiad, never an overlord's. */
export function impersonationTarget(user: UserWithAccounts): AccountView | undefined {
  if (!user.email) return undefined;
  return user.accounts.find((account) => !account.disabled && account.role !== 'overlord' && account.olympiadId != null);
}

const bulkActions = [copyEmailsAction<UserWithAccounts>((user) => user.email)];

const nameOf = (user: UserWithAccounts) => fullName(user) || user.email || user.username;

const noStaff: NewStaffValues = { firstName: '', lastName: '', email: '', password: '', role: '', olympiadId: null };

export function UsersScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(usersQuery(), userColumns);
  const olympiads = (useQuery(olympiadsQuery()).data ?? []).map((o) => ({ value: String(o.id), label: `${o.title} (${o.name}, ${o.year})` }));
  const [create, update, setDisabled, resetTwoFactor] = [useCreateStaff(), useUpdateStaff(), useSetUserDisabled(), useResetTwoFactor()];
  // New staff are made by the grid's editor; an existing user's name and address by a second one.
  const creator = useResourceEditor({ schema: newStaffSchema, empty: noStaff, valuesOf: (_user: UserWithAccounts) => noStaff, save: (values) => create.mutateAsync(values) });
  const editor = useResourceEditor({
    schema: staffSchema,
    empty: { firstName: '', lastName: '', email: '' } as StaffValues,
    valuesOf: (user: UserWithAccounts) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email ?? '' }),
    save: (values, user) => update.mutateAsync({ id: user?.id ?? 0, values }),
  });
  const role = creator.form.watch('role');
  const rowActions: RowAction<UserWithAccounts>[] = [
    editAction(editor, 'PUT /api/user/{id}'),
    changeAction<UserWithAccounts>({
      label: 'Reset two-factor',
      operation: 'POST /api/user/{id}/reset-two-factor',
      hidden: (user) => !user.twoFactorOn,
      confirm: (user) => ({
        title: 'Reset their two-factor?',
        message: `${nameOf(user)}'s authenticator app stops working for the platform. At their next sign-in they set up two-factor again with a new code, as on their first day.`,
        confirmLabel: 'Reset two-factor',
      }),
      change: (user) => resetTwoFactor.mutateAsync(user.id),
    }),
    changeAction<UserWithAccounts>({
      label: 'Disable',
      operation: 'POST /api/user/{id}/disable',
      color: 'red',
      hidden: (user) => user.disabled,
      confirm: (user) => ({
        title: 'Disable this user?',
        message: `${nameOf(user)} is signed out everywhere at once and can no longer sign in, in any of their roles, until enabled again.`,
        confirmLabel: 'Disable them',
        danger: true,
      }),
      change: (user) => setDisabled.mutateAsync({ id: user.id, disabled: true }),
    }),
    changeAction<UserWithAccounts>({
      label: 'Enable',
      operation: 'POST /api/user/{id}/enable',
      hidden: (user) => !user.disabled,
      confirm: (user) => ({ title: 'Enable this user?', message: `${nameOf(user)} can sign in again with their accounts that are not disabled.`, confirmLabel: 'Enable them' }),
      change: (user) => setDisabled.mutateAsync({ id: user.id, disabled: false }),
    }),
    {
      label: 'Sign in as',
      operation: 'GET /api/user/impersonate',
      hidden: (user) => impersonationTarget(user) === undefined,
      confirm: (user) => {
        const account = impersonationTarget(user);
        return {
          title: 'Sign in as this user?',
          message: `You will see the platform as ${fullName(user) || user.email} (${account?.role}, ${account?.olympiadTitle ?? account?.olympiadName}). Your overlord session ends; sign in again to come back.`,
          confirmLabel: 'Sign in as them',
        };
      },
      run: (user) => {
        const account = impersonationTarget(user);
        return account?.olympiadId && user.email ? signInAs(account.olympiadId, user.email) : undefined;
      },
    },
  ];
  const { control } = creator.form;
  return (
    <ResourceGrid
      title={route.title}
      description="Everyone who can sign in: staff, teachers, learners and overlords."
      label="Users"
      {...grid}
      columns={userColumns}
      bulkActions={bulkActions}
      rowActions={rowActions}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name, e-mail or olympiad"
      editor={creator}
      create={{ label: 'New staff member', operation: 'POST /api/user' }}
      editorTitle={() => 'New staff member'}
      submitLabel="Take them on"
      dialogs={
        <EditorModal editor={editor} title={(user) => `Edit ${user ? nameOf(user) : 'the user'}`}>
          <TextField control={editor.form.control} name="firstName" label="First name" />
          <TextField control={editor.form.control} name="lastName" label="Last name" />
          <TextField control={editor.form.control} name="email" label="E-mail address" description="Where the platform writes to them; they keep signing in with their username." required />
        </EditorModal>
      }
    >
      <TextField control={control} name="firstName" label="First name" required />
      <TextField control={control} name="lastName" label="Last name" required />
      <TextField control={control} name="email" label="E-mail address" description="Also their username." required />
      <PasswordField control={control} name="password" label="First password" autoComplete="new-password" description="At least 8 characters. No e-mail is sent: give it to them in person. They set up two-factor at their first sign-in." required />
      <SelectField control={control} name="role" label="Role" data={staffRoles} required />
      {role !== 'overlord' && <SelectField control={control} name="olympiadId" label="Olympiad" description="The olympiad they work in." data={olympiads} searchable required />}
    </ResourceGrid>
  );
}
