// /overlord/edit/users: every user of the platform, searchable, filterable and exportable; the overlord
// can sign in as one of them (impersonate) within one of their olympiads.
import { homeOf } from '@olympiad/shared/access/access-matrix';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { BulkAction, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { impersonate } from '@olympiad/shared/features/auth/api/impersonate';
import { writeStoredUserForNextPage } from '@olympiad/shared/session/stored-user';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { usersQuery, type AccountView, type UserWithAccounts } from '../api/get-users';
import { fullName, userColumns } from './user-columns';

/** The account an impersonation opens: one inside an olympiad, never an overlord's. */
export function impersonationTarget(user: UserWithAccounts): AccountView | undefined {
  if (!user.email) return undefined;
  return user.accounts.find((account) => !account.disabled && account.role !== 'overlord' && account.olympiadId != null);
}

const bulkActions: BulkAction<UserWithAccounts>[] = [
  {
    label: 'Copy e-mail addresses',
    run: async (users) => {
      const emails = users.map((user) => user.email).filter(Boolean);
      await navigator.clipboard.writeText(emails.join(', '));
      notify(`Copied ${emails.length} e-mail address${emails.length === 1 ? '' : 'es'}.`, { tone: 'success' });
    },
  },
];

const rowActions: RowAction<UserWithAccounts>[] = [
  {
    label: 'Sign in as',
    hidden: (user) => impersonationTarget(user) === undefined,
    confirm: (user) => {
      const account = impersonationTarget(user);
      return {
        title: 'Sign in as this user?',
        message: `You will see the platform as ${fullName(user) || user.email} (${account?.role}, ${account?.olympiadTitle ?? account?.olympiadName}). Your overlord session ends; sign in again to come back.`,
        confirmLabel: 'Sign in as them',
      };
    },
    run: async (user) => {
      const account = impersonationTarget(user);
      if (!account?.olympiadId || !user.email) return;
      const result = await impersonate(account.olympiadId, user.email);
      if (!result.ok) return alertError(result.message);
      const stored = { ...result.data.user, accessToken: result.data.token };
      writeStoredUserForNextPage(stored);
      window.location.assign(homeOf(stored));
    },
  },
];

export function UsersScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(usersQuery(), userColumns);
  return (
    <GridScreen title={route.title} description="Everyone who can sign in: staff, teachers, learners and overlords.">
      <DataGrid<UserWithAccounts>
        label="Users"
        {...grid}
        columns={userColumns}
        getRowId={(user) => String(user.id)}
        exportName="users"
        bulkActions={bulkActions}
        rowActions={rowActions}
        initialSort={[{ id: 'name', desc: false }]}
        searchPlaceholder="Search by name, e-mail or olympiad"
      />
    </GridScreen>
  );
}
