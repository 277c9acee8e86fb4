// /overlord/edit/accounts: every account (a user's role in an olympiad, or a global one), given,
// disabled and enabled here; and signing in as a user by e-mail within an olympiad (impersonation),
// which the activity log notes with the overlord as the one who acted. An overlord is never
// impersonated.
import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '@olympiad/shared/access/can';
import { signInAs } from '@olympiad/shared/features/auth/api/impersonate';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { SelectField } from '@olympiad/shared/ui/form/form-fields';
import { changeAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { accountSchema, accountsQuery, useCreateAccount, useSetAccountDisabled, type AccountRow, type AccountValues } from '../api/accounts';
import { olympiadsQuery } from '../api/olympiads';
import { usersQuery } from '../../users/api/get-users';

const roles = ['admin', 'accountant', 'funding', 'marketing', 'teacher', 'learner', 'overlord'].map((r) => ({ value: r, label: r }));

const name = (a: AccountRow) => `${a.firstName} ${a.lastName}`.trim() || a.username;

const columns: GridColumn<AccountRow>[] = [
  { id: 'name', header: 'Name', value: name },
  { id: 'email', header: 'E-mail', value: (a) => a.email ?? '' },
  { id: 'role', header: 'Role', value: (a) => a.role, filter: { type: 'select', options: roles }, width: 120 },
  { id: 'olympiad', header: 'Olympiad', value: (a) => a.olympiadTitle ?? a.olympiadName ?? 'every olympiad' },
  {
    id: 'disabled',
    header: 'State',
    value: (a) => (a.disabled ? 'disabled' : 'active'),
    cell: (a) => (a.disabled ? <Badge color="red" variant="light">disabled</Badge> : <Badge variant="light">active</Badge>),
    filter: { type: 'select', options: [{ value: 'active', label: 'active' }, { value: 'disabled', label: 'disabled' }] },
    width: 110,
  },
];

function ImpersonateByEmail({ olympiads }: { olympiads: { value: string; label: string }[] }) {
  const [email, setEmail] = useState('');
  const [olympiadId, setOlympiadId] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Sign in as a user
        </Title>
        <Text size="sm" c="dimmed">
          You see the platform as they do, in that olympiad. Everything you do is written to the activity log under your name. Overlords cannot be signed in as.
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (olympiadId && email.trim()) void signInAs(Number(olympiadId), email.trim());
          }}
        >
          <Group align="flex-end">
            <TextInput label="Their e-mail address" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required w={280} />
            <Select label="Olympiad" data={olympiads} value={olympiadId} onChange={setOlympiadId} searchable required w={280} />
            <Button type="submit" disabled={!olympiadId || !email.trim()}>
              Sign in as them
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}

const noAccount: AccountValues = { userId: '', role: '', olympiadId: null };

export function AccountsScreen({ route }: ScreenComponentProps) {
  const can = useCan();
  const grid = useWholeListGrid(accountsQuery(), columns);
  const olympiads = (useQuery(olympiadsQuery()).data ?? []).map((o) => ({ value: String(o.id), label: `${o.title} (${o.name}, ${o.year})` }));
  // Every user, not only those who hold an account already: an account may be anyone's first.
  const users = (useQuery(usersQuery()).data ?? []).map((u) => ({ value: String(u.id), label: `${`${u.firstName} ${u.lastName}`.trim() || u.username} (${u.email ?? u.username})` }));
  const [setDisabled, create] = [useSetAccountDisabled(), useCreateAccount()];
  // Accounts are given here, never edited: the editor only opens empty.
  const editor = useResourceEditor({ schema: accountSchema, empty: noAccount, valuesOf: (_account: AccountRow) => noAccount, save: (values) => create.mutateAsync(values) });
  const { control } = editor.form;
  const rowActions: RowAction<AccountRow>[] = [
    {
      label: 'Sign in as',
      operation: 'GET /api/user/impersonate',
      hidden: (a) => a.disabled || a.role === 'overlord' || !a.email || a.olympiadId == null,
      confirm: (a) => ({
        title: 'Sign in as this user?',
        message: `You will see the platform as ${name(a)} (${a.role}, ${a.olympiadTitle ?? a.olympiadName}). Your overlord session ends; sign in again to come back.`,
        confirmLabel: 'Sign in as them',
      }),
      run: (a) => (a.olympiadId != null && a.email ? signInAs(a.olympiadId, a.email) : undefined),
    },
    changeAction<AccountRow>({
      label: 'Disable',
      operation: 'POST /api/account/{id}/disable',
      color: 'red',
      hidden: (a) => a.disabled,
      confirm: (a) => ({ title: 'Disable this account?', message: `${name(a)} can no longer sign in as ${a.role}.`, confirmLabel: 'Disable it', danger: true }),
      change: (a) => setDisabled.mutateAsync({ id: a.id, disabled: true }),
    }),
    changeAction<AccountRow>({
      label: 'Enable',
      operation: 'POST /api/account/{id}/enable',
      hidden: (a) => !a.disabled,
      change: (a) => setDisabled.mutateAsync({ id: a.id, disabled: false }),
    }),
  ];
  return (
    <ResourceGrid
      title={route.title}
      description="Every account: a user's role in an olympiad, or a global one."
      above={can('GET /api/user/impersonate') && <ImpersonateByEmail olympiads={olympiads} />}
      label="Accounts"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name, e-mail, role or olympiad"
      editor={editor}
      create={{ label: 'Give an account', operation: 'POST /api/account' }}
      submitLabel="Give it"
    >
      <SelectField control={control} name="userId" label="User" data={users} searchable required />
      <SelectField control={control} name="role" label="Role" data={roles} required />
      <SelectField control={control} name="olympiadId" label="Olympiad" description="Every role but overlord and teacher needs one." data={olympiads} clearable searchable />
    </ResourceGrid>
  );
}
