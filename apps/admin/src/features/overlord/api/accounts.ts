// Accounts: every user's accounts (GET /api/user answers users with their accounts), giving one (POST
// /api/account), disabling and enabling one, and signing in as a user (GET /api/user/impersonate).
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { z } from 'zod';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

const fetchUsers = () => api.GET('/api/user', { params: { query: {} } });
type UserList = NonNullable<Awaited<ReturnType<typeof fetchUsers>>['data']>;
type UserRow = UserList['data'][number];
type AccountView = UserList['accounts'][number];

/** One account with its user beside it. */
export type AccountRow = AccountView & { email: string | null; firstName: string; lastName: string; username: string };
export type CreateAccount = components['schemas']['CreateAccount'];

export async function getAccounts(): Promise<AccountRow[]> {
  const result = await call(fetchUsers());
  const users = new Map<number, UserRow>(unwrap(result).map((user) => [user.id, user]));
  const accounts = ((result.ok ? result.body : null) as UserList | null)?.accounts ?? [];
  return accounts.map((account) => {
    const user = users.get(account.userId);
    return { ...account, email: user?.email ?? null, firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', username: user?.username ?? '' };
  });
}

export const accountKeys = { all: ['accounts'] as const };

export const accountsQuery = () => queryOptions({ queryKey: accountKeys.all, queryFn: getAccounts, staleTime: 30_000 });

/** An account as the overlord gives it: a user and a role chosen from lists, an olympiad for most roles. */
export const accountSchema = z.object({
  userId: z.string({ error: 'is required' }).min(1, 'is required'),
  role: z.string({ error: 'is required' }).min(1, 'is required'),
  olympiadId: z.string().nullable(),
});

export type AccountValues = z.input<typeof accountSchema>;

export function useCreateAccount() {
  return useApiMutation({
    mutationFn: ({ userId, role, olympiadId }: z.output<typeof accountSchema>) =>
      call(api.POST('/api/account', { body: { userId: Number(userId), role: role as CreateAccount['role'], olympiadId: olympiadId ? Number(olympiadId) : undefined } })),
    success: 'The account is given.',
    invalidates: () => [accountKeys.all, ['users']],
  });
}

export function useSetAccountDisabled() {
  return useApiMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      disabled
        ? call(api.POST('/api/account/{id}/disable', { params: { path: { id } } }))
        : call(api.POST('/api/account/{id}/enable', { params: { path: { id } } })),
    success: (_, { disabled }) => (disabled ? 'The account is disabled.' : 'The account is enabled.'),
    invalidates: () => [accountKeys.all, ['users']],
  });
}
