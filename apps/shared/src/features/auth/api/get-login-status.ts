import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';

export async function getLoginStatus(section: string) {
  return unwrap(await call(api.GET('/api/auth/get-login-status', { params: { query: { section } } })));
}

export function loginStatusQuery(section: string) {
  return queryOptions({ queryKey: ['login-status', section] as const, queryFn: () => getLoginStatus(section) });
}

export function useLoginStatus(section: string) {
  return useQuery(loginStatusQuery(section));
}
