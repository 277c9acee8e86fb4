// The logs: GET /api/app-log/all?key&limit and /api/app-log/keys (the platform's own events), GET
// /api/activity-log?startDate&userId&email&timeWindow (who did what, from where).
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';

export type ActivityQuery = NonNullable<operations['activity_log']['parameters']['query']>;

async function getAppLog(key: string | undefined, limit: number) {
  return unwrap(await call(api.GET('/api/app-log/all', { params: { query: { key, limit } } })));
}

async function getAppLogKeys() {
  return unwrap(await call(api.GET('/api/app-log/keys')));
}

async function getActivity(query: ActivityQuery) {
  return unwrap(await call(api.GET('/api/activity-log', { params: { query } })));
}

export type AppLogEntry = Awaited<ReturnType<typeof getAppLog>>[number];
export type ActivityEntry = Awaited<ReturnType<typeof getActivity>>[number];

export const logKeys = {
  app: (key: string | undefined, limit: number) => ['app-log', key ?? 'all', limit] as const,
  appKeys: () => ['app-log', 'keys'] as const,
  activity: (query: ActivityQuery) => ['activity-log', query] as const,
};

export const appLogQuery = (key: string | undefined, limit: number) => queryOptions({ queryKey: logKeys.app(key, limit), queryFn: () => getAppLog(key, limit) });
export const appLogKeysQuery = () => queryOptions({ queryKey: logKeys.appKeys(), queryFn: getAppLogKeys, staleTime: 60_000 });
export const activityQuery = (query: ActivityQuery) => queryOptions({ queryKey: logKeys.activity(query), queryFn: () => getActivity(query) });
