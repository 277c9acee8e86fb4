// Privacy (POPIA), for the overlord: GET /api/privacy/{learner|user}/{id}/export (everything held
// about the person, one JSON document), POST …/erase with a reason, and GET/PUT
// /api/privacy/retention (how many days logs and unfinished accounts are kept).
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export type Subject = 'learner' | 'user';

async function exportOf(subject: Subject, id: number) {
  const path = { params: { path: { id } } };
  if (subject === 'learner') return unwrap(await call(api.GET('/api/privacy/learner/{id}/export', path)));
  return unwrap(await call(api.GET('/api/privacy/user/{id}/export', path)));
}

export type PrivacyExport = Awaited<ReturnType<typeof exportOf>>;

export const privacyKeys = { all: ['privacy'] as const, retention: ['privacy', 'retention'] as const };

/** What is held about the person; fetching it is an export, so it runs only when asked. */
export const privacyExportQuery = (subject: Subject, id: number) =>
  queryOptions({ queryKey: ['privacy', subject, id] as const, queryFn: () => exportOf(subject, id), staleTime: Infinity, retry: false });

export function useErase(subject: Subject) {
  return useApiMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => {
      const request = { params: { path: { id } }, body: { reason } };
      if (subject === 'learner') return call(api.POST('/api/privacy/learner/{id}/erase', request));
      return call(api.POST('/api/privacy/user/{id}/erase', request));
    },
    success: (result) =>
      result.changed ? `Erased: ${result.erasure.outcome === 'deleted' ? 'everything about them is deleted' : 'their details are anonymised'}.` : 'They had already been erased; nothing changed.',
    invalidates: () => [privacyKeys.all, ['search']],
  });
}

async function getRetention() {
  return unwrap(await call(api.GET('/api/privacy/retention')));
}

export type RetentionSettings = Awaited<ReturnType<typeof getRetention>>;

export const retentionQuery = () => queryOptions({ queryKey: privacyKeys.retention, queryFn: getRetention });

export type RetentionInput = {
  appLogDays: number | null;
  activityLogDays: number | null;
  emailLogDays: number | null;
  signinDays: number | null;
  unfinishedAccountDays: number | null;
};

export function useSaveRetention() {
  return useApiMutation({
    mutationFn: (body: RetentionInput) => call(api.PUT('/api/privacy/retention', { body })),
    success: 'The retention settings are saved.',
    invalidates: () => [privacyKeys.retention],
  });
}

/** The export as a file the browser downloads. */
export function downloadExport(data: PrivacyExport) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${data.subject}-${data.id}-personal-data.json`;
  link.click();
  URL.revokeObjectURL(url);
}
