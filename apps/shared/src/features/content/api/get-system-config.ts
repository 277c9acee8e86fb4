// The platform's switches: GET /api/system-config (maintenance mode and its message).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';

export async function getSystemConfig() {
  return unwrap(await call(api.GET('/api/system-config')));
}

export type SystemConfig = Awaited<ReturnType<typeof getSystemConfig>>;

export const systemConfigKeys = { all: ['system-config'] as const };

export function systemConfigQuery() {
  return queryOptions({ queryKey: systemConfigKeys.all, queryFn: getSystemConfig });
}

export function useSystemConfig() {
  return useQuery(systemConfigQuery());
}
