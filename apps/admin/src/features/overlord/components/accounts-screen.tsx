// /overlord/edit/accounts: every account (a user's role in an olympiad, or a global one), given,
// disabled and enabled here; and signing in as a user by e-mail within an olympiad (impersonation),
// which the activity log notes with the overlord as the one who acted. An overlord is never
// impersonated.
import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { homeOf } from '@olympiad/shared/access/access-matrix';
import { useCan } from '@olympiad/shared/access/can';
import { impersonate } from '@olympiad/shared/features/auth/api/impersonate';
import { writeStoredUserForNextPage } from '@olympiad/shared/session/stored-user';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { changeAction } from '@olympiad/shared/resource/row-actions';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { accountsQuery, useCreateAccount, useSetAccountDisabled, type AccountRow, type CreateAccount } from '../api/accounts';
import { olympiadsQuery } from '../api/olympiads';

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

async function signInAs(olympiadId: number, email: string) {
  const result = await impersonate(olympiadId, email);
  if (!result.ok) return alertError(result.message);
  const stored = { ...result.data.user, accessToken: result.data.token };
  writeStoredUserForNextPage(stored);
  window.location.assign(homeOf(stored));
}

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

function GiveAccountModal({ opened, onClose, accounts, olympiads }: { opened: boolean; onClose: () => void; accounts: AccountRow[]; olympiads: { value: string; label: string }[] }) {
  const create = useCreateAccount();
  const users = [...new Map(accounts.map((a) => [a.userId, `${name(a)} (${a.email ?? a.username})`])).entries()].map(([id, label]) => ({ value: String(id), label }));
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [olympiadId, setOlympiadId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const body = { userId: Number(userId ?? 0), role: (role ?? 'teacher') as CreateAccount['role'], olympiadId: olympiadId ? Number(olympiadId) : undefined };
    const result = await create.mutateAsync(body);
    if (result.ok) {
      setError(null);
      setErrors({});
      onClose();
    } else {
      setError(result.message);
      setErrors(result.fields ?? {});
    }
  };
  return (
    <FormModal
      opened={opened}
      title="Give an account"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      submitting={create.isPending}
      submitLabel="Give it"
      error={error}
    >
      <Select label="User" data={users} value={userId} onChange={setUserId} searchable required error={errors.userId} />
      <Select label="Role" data={roles} value={role} onChange={setRole} required error={errors.role} />
      <Select label="Olympiad" description="Every role but overlord and teacher needs one." data={olympiads} value={olympiadId} onChange={setOlympiadId} clearable searchable error={errors.olympiadId} />
    </FormModal>
  );
}

export function AccountsScreen({ route }: ScreenComponentProps) {
  const can = useCan();
  const grid = useWholeListGrid(accountsQuery(), columns);
  const accounts = useQuery(accountsQuery()).data ?? [];
  const olympiads = (useQuery(olympiadsQuery()).data ?? []).map((o) => ({ value: String(o.id), label: `${o.title} (${o.name}, ${o.year})` }));
  const setDisabled = useSetAccountDisabled();
  const [giving, setGiving] = useState(false);
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
    <GridScreen title={route.title} description="Every account: a user's role in an olympiad, or a global one.">
      {can('GET /api/user/impersonate') && <ImpersonateByEmail olympiads={olympiads} />}
      <DataGrid<AccountRow>
        label="Accounts"
        {...grid}
        columns={columns}
        getRowId={(a) => String(a.id)}
        exportName="accounts"
        rowActions={rowActions}
        initialSort={[{ id: 'name', desc: false }]}
        searchPlaceholder="Search by name, e-mail, role or olympiad"
        toolbar={can('POST /api/account') && <Button onClick={() => setGiving(true)}>Give an account</Button>}
      />
      <GiveAccountModal opened={giving} onClose={() => setGiving(false)} accounts={accounts} olympiads={olympiads} />
    </GridScreen>
  );
}
