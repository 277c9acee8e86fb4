// E-mail: system e-mails' copy (GET/PUT/DELETE /api/emailer, preview), mass mails and campaigns, the
// queue (GET /api/queued-email, its unsent and its search, one e-mail opened, release, release-batch), the e-mail log, unsubscribes, bounces,
// shunned addresses, e-mail health and the School Emails Overview. Queries and the changes that make
// them stale sit side by side.
import { api, call } from '@olympiad/shared/api/client';
import { uploadFiles } from '@olympiad/shared/api/upload';
import { unwrap, type ApiResult } from '@olympiad/shared/api/envelope';
import { z } from 'zod';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import { fieldSchemas, type DeclaredFields } from '@olympiad/shared/resource/declared-fields';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export const emailKeys = {
  all: ['email'] as const,
  copy: (olympiadId: number | undefined) => [...emailKeys.all, 'copy', olympiadId ?? 'platform'] as const,
  massMails: (olympiadId: number | undefined) => [...emailKeys.all, 'mass-mails', olympiadId ?? 'every'] as const,
  campaigns: () => [...emailKeys.all, 'campaigns'] as const,
  queue: (view: QueueView) => [...emailKeys.all, 'queue', view] as const,
  logs: (olympiadId: number | undefined, toShow: number) => [...emailKeys.all, 'logs', olympiadId ?? 'every', toShow] as const,
  unsubscribes: (olympiadId: number | undefined) => [...emailKeys.all, 'unsubscribes', olympiadId ?? 'every'] as const,
  bounces: () => [...emailKeys.all, 'bounces'] as const,
  shunned: () => [...emailKeys.all, 'shunned'] as const,
  schools: () => [...emailKeys.all, 'school-reach'] as const,
};

// System e-mails

async function getSystemEmails(olympiadId: number | undefined) {
  return unwrap(await call(api.GET('/api/emailer', { params: { query: { olympiadId } } })));
}
export type SystemEmail = Awaited<ReturnType<typeof getSystemEmails>>[number];
export const systemEmailsQuery = (olympiadId: number | undefined) => ({ queryKey: emailKeys.copy(olympiadId), queryFn: () => getSystemEmails(olympiadId) });

export type CopyValues = { subject: string; html: string; text: string };

export function useSaveCopy(olympiadId: number | undefined) {
  return useApiMutation({
    mutationFn: ({ kind, copy }: { kind: string; copy: CopyValues }) => call(api.PUT('/api/emailer/{kind}', { params: { path: { kind }, query: { olympiadId } }, body: copy })),
    success: 'The copy is saved: the next e-mails of this kind use it.',
    invalidates: () => [emailKeys.copy(olympiadId)],
  });
}

export function useResetCopy(olympiadId: number | undefined) {
  return useApiMutation({
    mutationFn: (kind: string) => call(api.DELETE('/api/emailer/{kind}', { params: { path: { kind }, query: { olympiadId } } })),
    success: 'The copy is back to the default.',
    invalidates: () => [emailKeys.copy(olympiadId)],
  });
}

export function previewCopy(kind: string, copy: CopyValues) {
  return call(api.POST('/api/emailer/{kind}/preview', { params: { path: { kind } }, body: copy }));
}

// Mass mails and campaigns

async function getMassMails(olympiadId: number | undefined) {
  return unwrap(await call(api.GET('/api/mass-mail', { params: { query: { olympiadId } } })));
}
export type MassMail = Awaited<ReturnType<typeof getMassMails>>[number];
export const massMailsQuery = (olympiadId: number | undefined) => ({ queryKey: emailKeys.massMails(olympiadId), queryFn: () => getMassMails(olympiadId) });

export type Audience = MassMail['audience'];
export const audienceLabels: Record<Audience, string> = {
  participating_teachers: 'Teachers of participating schools',
  schools_without_learners: 'Schools without learners loaded (team admins)',
  interested_parties: 'Open expressions of interest',
  unpaid_orders: 'Entries with an unpaid order (teachers and contacts)',
  all_teachers: 'All teachers of the platform',
};

const mail = limits.MassMailInput;

/** A mass mail as it is written: the campaign is chosen from a list (its id as text, or none). */
export const massMailSchema = z.object({
  title: text(mail.title).min(1, 'is required'),
  audience: z.enum(Object.keys(audienceLabels) as [Audience, ...Audience[]], { error: 'is required' }),
  subject: text(mail.subject).min(1, 'is required'),
  html: text(mail.html).min(1, 'is required'),
  text: text(mail.text).min(1, 'is required'),
  campaignId: z.string().nullable(),
});

export type MassMailValues = z.input<typeof massMailSchema>;

export function useSaveMassMail() {
  return useApiMutation({
    mutationFn: ({ id, values, olympiadId }: { id: number | null; values: z.output<typeof massMailSchema>; olympiadId: number | undefined }) => {
      const body = { ...values, campaignId: values.campaignId ? Number(values.campaignId) : null, olympiadId: olympiadId ?? null };
      return id === null ? call(api.POST('/api/mass-mail', { body })) : call(api.PUT('/api/mass-mail/{id}', { params: { path: { id } }, body }));
    },
    success: 'The mass mail is saved.',
    invalidates: () => [[...emailKeys.all, 'mass-mails']],
  });
}

// Each step answers in its own shape; the screens need only whether it worked.
const massMailStep =
  (step: 'test' | 'queue' | 'pause' | 'resume') =>
  async (id: number): Promise<ApiResult<unknown>> => {
    const params = { params: { path: { id } } };
    switch (step) {
      case 'test':
        return call(api.POST('/api/mass-mail/{id}/test', params));
      case 'queue':
        return call(api.POST('/api/mass-mail/{id}/queue', params));
      case 'pause':
        return call(api.POST('/api/mass-mail/{id}/pause', params));
      case 'resume':
        return call(api.POST('/api/mass-mail/{id}/resume', params));
    }
  };

const stepSentences = {
  test: 'A test is on its way to your own address.',
  queue: 'Queued: release the e-mails to send them.',
  pause: 'Paused: released e-mails not yet sent wait again.',
  resume: 'Resumed: every waiting e-mail is released.',
} as const;

export function useMassMailStep(step: keyof typeof stepSentences) {
  return useApiMutation({
    mutationFn: massMailStep(step),
    success: stepSentences[step],
    invalidates: () => [emailKeys.all],
  });
}

export function useDeleteMassMail() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.DELETE('/api/mass-mail/{id}', { params: { path: { id } } })),
    success: 'The mass mail is deleted.',
    invalidates: () => [emailKeys.all],
  });
}

// The files a mass mail carries (a draft's): POST /api/mass-mail/{id}/attachment, one part named
// `file`; the server judges the type by content (415), refuses a file too large (400 naming `file`)
// and a fourth (409), each with a sentence to show.
export function useAttachToMassMail() {
  return useApiMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadFiles<MassMail>({ path: `/api/mass-mail/${id}/attachment` }, form);
    },
    success: 'The file is attached.',
    invalidates: () => [emailKeys.all],
  });
}

export function useDetachFromMassMail() {
  return useApiMutation({
    mutationFn: ({ id, attachmentId }: { id: number; attachmentId: number }) => call(api.DELETE('/api/mass-mail/{id}/attachment/{attachmentId}', { params: { path: { id, attachmentId } } })),
    success: 'The file is removed.',
    invalidates: () => [emailKeys.all],
  });
}

export function useReleaseBatch() {
  return useApiMutation({
    mutationFn: ({ massMailId, qty }: { massMailId: number; qty: number }) => call(api.POST('/api/queued-email/release-batch', { params: { query: { massMailId, qty } } })),
    success: (data) => `${data.released} e-mail${data.released === 1 ? '' : 's'} released.`,
    invalidates: () => [emailKeys.all],
  });
}

async function getCampaigns() {
  return unwrap(await call(api.GET('/api/campaign')));
}
export type Campaign = Awaited<ReturnType<typeof getCampaigns>>[number];
export const campaignsQuery = () => ({ queryKey: emailKeys.campaigns(), queryFn: getCampaigns });

const campaign = limits.CampaignInput;

/** A campaign's fields: each one's rule, control in the editor and column in the list. */
export const campaignFields = {
  name: { label: 'Name', header: 'Campaign', required: true, schema: text(campaign.name).min(1, 'is required') },
  notes: { label: 'Notes', input: 'textarea', schema: text(campaign.notes), column: { sortable: false } },
} satisfies DeclaredFields;

export const campaignSchema = z.object(fieldSchemas(campaignFields));

export function useCreateCampaign() {
  return useApiMutation({
    mutationFn: (values: z.output<typeof campaignSchema>) => call(api.POST('/api/campaign', { body: values })),
    success: 'The campaign is created.',
    invalidates: () => [emailKeys.campaigns()],
  });
}

export function useDeleteCampaign() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.DELETE('/api/campaign/{id}', { params: { path: { id } } })),
    success: 'The campaign is deleted; its mass mails stay.',
    invalidates: () => [emailKeys.all],
  });
}

// The queue

/** Which e-mails the queue's grid holds: those not sent yet, every one, or those the server found. */
export type QueueView = { kind: 'unsent' } | { kind: 'all' } | { kind: 'search'; term: string };

async function getQueue(view: QueueView) {
  switch (view.kind) {
    case 'unsent':
      return unwrap(await call(api.GET('/api/queued-email/unsent')));
    case 'all':
      return unwrap(await call(api.GET('/api/queued-email', { params: { query: { all: true } } })));
    case 'search':
      return unwrap(await call(api.GET('/api/queued-email/search/{term}', { params: { path: { term: view.term } } })));
  }
}
export type QueuedEmail = Awaited<ReturnType<typeof getQueue>>[number];
export const queueQuery = (view: QueueView) => ({ queryKey: emailKeys.queue(view), queryFn: () => getQueue(view) });

async function getQueuedEmail(id: number) {
  return unwrap(await call(api.GET('/api/queued-email/{id}', { params: { path: { id } } })));
}
export type OpenedEmail = Awaited<ReturnType<typeof getQueuedEmail>>;
export const queuedEmailQuery = (id: number) => ({ queryKey: [...emailKeys.all, 'queued', id] as const, queryFn: () => getQueuedEmail(id) });

export function useReleaseOne() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.POST('/api/queued-email/release/{id}', { params: { path: { id } } })),
    success: 'The e-mail is released.',
    invalidates: () => [emailKeys.all],
  });
}

// The e-mail log

async function getLogs(olympiadId: number | undefined, toShow: number) {
  return unwrap(await call(api.GET('/api/email-logs/{olympiadId}/{toShow}', { params: { path: { olympiadId: olympiadId ?? 0, toShow } } })));
}
export type EmailLog = Awaited<ReturnType<typeof getLogs>>[number];
export const logsQuery = (olympiadId: number | undefined, toShow: number) => ({ queryKey: emailKeys.logs(olympiadId, toShow), queryFn: () => getLogs(olympiadId, toShow) });

export async function searchLogs(term: string) {
  return unwrap(await call(api.GET('/api/email-logs/search/{term}', { params: { path: { term } } })));
}

// E-mail health

export function getEmailHealth(email: string, doNotRecheck: boolean) {
  return call(api.GET('/api/emailer/email-health', { params: { query: { email, doNotRecheck } } }));
}
export type EmailHealth = Extract<Awaited<ReturnType<typeof getEmailHealth>>, { ok: true }>['data'];

export function useOverrideHealth() {
  return useApiMutation({
    mutationFn: (email: string) => call(api.POST('/api/emailer/override-email-health', { params: { query: { email } } })),
    success: 'The address is marked as working.',
    invalidates: () => [emailKeys.all],
  });
}

// Unsubscribes

async function getUnsubscribes(olympiadId: number | undefined) {
  return unwrap(await call(api.GET('/api/unsubscribe', { params: { query: { olympiadId } } })));
}
export type UnsubscribeRow = Awaited<ReturnType<typeof getUnsubscribes>>[number];
export const unsubscribesQuery = (olympiadId: number | undefined) => ({ queryKey: emailKeys.unsubscribes(olympiadId), queryFn: () => getUnsubscribes(olympiadId) });

export function useUnsubscribeAddress() {
  return useApiMutation({
    mutationFn: ({ email, olympiadId, everywhere }: { email: string; olympiadId: number | undefined; everywhere: boolean }) =>
      call(api.POST('/api/unsubscribe', { body: { email, olympiadId: olympiadId ?? null, everywhere } })),
    success: 'The address is unsubscribed.',
    invalidates: () => [[...emailKeys.all, 'unsubscribes']],
  });
}

export function useResubscribe() {
  return useApiMutation({
    mutationFn: ({ email, olympiadId }: { email: string; olympiadId: number | undefined }) =>
      call(api.POST('/api/unsubscribe/resubscribe', { params: { query: { email, olympiadId } } })),
    success: 'The address receives mail again.',
    invalidates: () => [[...emailKeys.all, 'unsubscribes']],
  });
}

// Bounces and shunned addresses

async function getBounces() {
  return unwrap(await call(api.GET('/api/bounce')));
}
export type BounceRow = Awaited<ReturnType<typeof getBounces>>[number];
export const bouncesQuery = () => ({ queryKey: emailKeys.bounces(), queryFn: getBounces });

export function useDeleteBounce() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.DELETE('/api/bounce', { params: { query: { id } } })),
    success: 'The bounce is forgotten.',
    invalidates: () => [emailKeys.bounces()],
  });
}

async function getShunned() {
  return unwrap(await call(api.GET('/api/shunned-email')));
}
export type ShunnedRow = Awaited<ReturnType<typeof getShunned>>[number];
export const shunnedQuery = () => ({ queryKey: emailKeys.shunned(), queryFn: getShunned });

export function useForgiveShunned() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.DELETE('/api/shunned-email/{id}', { params: { path: { id } } })),
    success: 'The address may be mailed again.',
    invalidates: () => [emailKeys.shunned()],
  });
}

async function getSchoolReach() {
  return unwrap(await call(api.GET('/api/school-emails-overview')));
}
export type SchoolReach = Awaited<ReturnType<typeof getSchoolReach>>[number];
export const schoolReachQuery = () => ({ queryKey: emailKeys.schools(), queryFn: getSchoolReach });
