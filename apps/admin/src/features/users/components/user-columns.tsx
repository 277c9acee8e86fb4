import { Badge, Stack, Text } from '@mantine/core';
import { ROLES } from '@olympiad/shared/access/access-matrix';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import type { UserWithAccounts } from '../api/get-users';

export const fullName = (user: UserWithAccounts) => [user.firstName, user.lastName].filter(Boolean).join(' ');

const roles = (user: UserWithAccounts) => [...new Set(user.accounts.map((account) => account.role))];
/** Shown by their short URL names (the titles are long); searched, filtered and exported by title. */
const olympiadNames = (user: UserWithAccounts) => [...new Set(user.accounts.map((account) => account.olympiadName).filter(Boolean))];
const olympiadTitles = (user: UserWithAccounts) => [...new Set(user.accounts.map((account) => account.olympiadTitle).filter(Boolean))];

export const userColumns: GridColumn<UserWithAccounts>[] = [
  { id: 'name', header: 'Name', value: fullName, filter: { type: 'text' } },
  { id: 'email', header: 'E-mail', value: (user) => user.email ?? user.username, filter: { type: 'text' } },
  {
    id: 'roles',
    header: 'Roles',
    value: (user) => roles(user).join(', '),
    cell: (user) => (
      <Stack gap={2}>
        {roles(user).map((role) => (
          <Text key={role} size="sm" c={role === 'overlord' ? 'red.8' : undefined} fw={500}>
            {role}
          </Text>
        ))}
      </Stack>
    ),
    filter: { type: 'select', options: ROLES.map((role) => ({ value: role, label: role })) },
    matches: (user, role) => user.accounts.some((account) => account.role === role),
    sortable: false,
  },
  {
    id: 'olympiads',
    header: 'Olympiads',
    value: (user) => olympiadTitles(user).join(', '),
    cell: (user) => <Text size="sm">{olympiadNames(user).join(', ')}</Text>,
    filter: { type: 'text' },
  },
  { id: 'twoFactor', header: 'Two-factor', value: (user) => user.twoFactorOn, searchable: false },
  {
    id: 'lastLogin',
    header: 'Last sign-in',
    value: (user) => parseServerTime(user.lastLoginAt),
    cell: (user) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(parseServerTime(user.lastLoginAt), 'Never')}
      </Text>
    ),
    searchable: false,
  },
  {
    id: 'status',
    header: 'Status',
    value: (user) => (user.disabled ? 'Disabled' : 'Active'),
    cell: (user) => (user.disabled ? <Badge color="gray">Disabled</Badge> : <Text size="sm">Active</Text>),
    filter: { type: 'select', options: [{ value: 'Active', label: 'Active' }, { value: 'Disabled', label: 'Disabled' }] },
    width: 120,
  },
];
