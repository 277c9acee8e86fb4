// /overlord/edit/users: every user of the platform, searchable, filterable and exportable; the overlord
// can sign in as one of them (impersonate) within one of their olympiads.
import type { RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { signInAs } from '@olympiad/shared/features/auth/api/impersonate';
import { copyEmailsAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { usersQuery, type AccountView, type UserWithAccounts } from '../api/get-users';
import { fullName, userColumns } from './user-columns';

/** The account an impersonation opens: one inside an olympiad, never an overlord's. */
export function impersonationTarget(user: UserWithAccounts): AccountView | undefined {
  if (!user.email) return undefined;
  return user.accounts.find((account) => !account.disabled && account.role !== 'overlord' && account.olympiadId != null);
}

const bulkActions = [copyEmailsAction<UserWithAccounts>((user) => user.email)];

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
    run: (user) => {
      const account = impersonationTarget(user);
      return account?.olympiadId && user.email ? signInAs(account.olympiadId, user.email) : undefined;
    },
  },
];

export function UsersScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(usersQuery(), userColumns);
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
    />
  );
}
