// The logs: GET /api/app-log/all?key&limit and /api/app-log/keys (the platform's own events), GET
// /api/activity-log?startDate&userId&email&timeWindow (who did what, from where) with GET
// /api/user/get-basic-list for choosing who. Their exports are the
// same calls with `format`: the server writes the file of every entry the filters select (at most 50,000).
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { downloadFile } from '@olympiad/shared/api/download';
import type { GridSelection } from '@olympiad/shared/ui/data-grid/grid-types';
import type { operations } from '@olympiad/shared/api/schema';

export type ActivityQuery = NonNullable<operations['activity_log']['parameters']['query']>;

async function getAppLog(key: string | undefined, limit: number) {
  return unwrap(await call(api.GET('/api/app-log/all', { params: { query: { key, limit } } })));
}

async function getAppLogKeys() {
  return unwrap(await call(api.GET('/api/app-log/keys')));
}

async function getUserChoices() {
  return unwrap(await call(api.GET('/api/user/get-basic-list', { params: { query: {} } })));
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
  users: () => ['activity-log', 'users'] as const,
};

export const appLogQuery = (key: string | undefined, limit: number) => queryOptions({ queryKey: logKeys.app(key, limit), queryFn: () => getAppLog(key, limit) });
export const appLogKeysQuery = () => queryOptions({ queryKey: logKeys.appKeys(), queryFn: getAppLogKeys, staleTime: 60_000 });
/** Everyone who may have done something, for the activity log's "Who did it" choice. */
export const activityUsersQuery = () => queryOptions({ queryKey: logKeys.users(), queryFn: getUserChoices, staleTime: 60_000 });
export const activityQuery = (query: ActivityQuery) => queryOptions({ queryKey: logKeys.activity(query), queryFn: () => getActivity(query) });

/** The grid's search box and level filter, as the server's log filters. */
function selectionFilters(selection: GridSelection): { search?: string; level?: string } {
  const filters: { search?: string; level?: string } = {};
  if (selection.search.trim()) filters.search = selection.search.trim();
  if (selection.filters.level) filters.level = selection.filters.level;
  return filters;
}

/** Downloads the app log's entries of the key and how many chosen, with the grid's search and level. */
export async function exportAppLog(key: string | undefined, limit: number, selection: GridSelection, format: 'csv' | 'xlsx') {
  const query = { ...selectionFilters(selection), ...(key ? { key } : {}), limit, format };
  unwrap(await downloadFile('GET', '/api/app-log/all', { query, fallbackName: `app-log.${format}` }));
}

/** Downloads the activity of the window chosen, with the grid's search. */
export async function exportActivity(activity: ActivityQuery, selection: GridSelection, format: 'csv' | 'xlsx') {
  const { search } = selectionFilters(selection);
  const query = { ...activity, ...(search ? { search } : {}), format };
  unwrap(await downloadFile('GET', '/api/activity-log', { query, fallbackName: `activity-log.${format}` }));
}
