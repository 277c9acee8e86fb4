// GET /api/user: every user, with their accounts beside them (`{success, data, accounts}`). The list is
// small enough to page through on the client. (GET /api/user/get-basic-list has no roles or olympiads,
// which this screen filters on and impersonates with.)
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';

const fetchUserList = () => api.GET('/api/user', { params: { query: {} } });

type UserList = NonNullable<Awaited<ReturnType<typeof fetchUserList>>['data']>;
export type UserRow = UserList['data'][number];
export type AccountView = UserList['accounts'][number];
export type UserWithAccounts = UserRow & { accounts: AccountView[] };

export async function getUsers(): Promise<UserWithAccounts[]> {
  const result = await call(fetchUserList());
  const users = unwrap(result);
  const accounts = ((result.ok ? result.body : null) as UserList | null)?.accounts ?? [];
  return users.map((user) => ({ ...user, accounts: accounts.filter((account) => account.userId === user.id) }));
}

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export function usersQuery() {
  return queryOptions({ queryKey: userKeys.list(), queryFn: getUsers, staleTime: 30_000 });
}
