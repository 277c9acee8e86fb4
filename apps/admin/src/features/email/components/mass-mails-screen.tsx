// Mass Mailers (admin, funding: the olympiad's) and Mass Mails (overlord: every one, and the
// platform's own to all teachers): an audience, copy, a test send to oneself, then queueing; the
// queued e-mails wait until released (a batch at a time or all), and a send can be paused and
// resumed without anyone getting an e-mail twice. Progress is shown while it sends.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, FileButton, Group, List, Modal, NumberInput, Progress, Stack, Text } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useCan } from '@olympiad/shared/access/can';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { SelectField, TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { useRefusal } from '@olympiad/shared/resource/use-refusal';
import { useRowDialog } from '@olympiad/shared/resource/use-row-dialog';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { changeAction, deleteAction } from '@olympiad/shared/resource/row-actions';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import {
  audienceLabels,
  campaignsQuery,
  massMailsQuery,
  massMailSchema,
  previewCopy,
  useAttachToMassMail,
  useDeleteMassMail,
  useDetachFromMassMail,
  useMassMailStep,
  useReleaseBatch,
  useSaveMassMail,
  type Audience,
  type MassMail,
  type MassMailValues,
} from '../api/email-api';
import { EmailPreviewPanel, type Preview } from './email-preview';
import { queryLimits } from '@olympiad/shared/lib/field-limits';

/** How many held e-mails one release may let go. */
const batch = queryLimits.queued_release_batch.qty;

export function sentShare(mail: MassMail): number {
  const done = mail.progress.sent + mail.progress.failed + mail.progress.bounced;
  return mail.recipients === 0 ? 0 : Math.round((100 * done) / mail.recipients);
}

const columns: GridColumn<MassMail>[] = [
  { id: 'title', header: 'Title', value: (m) => m.title },
  { id: 'audience', header: 'Audience', value: (m) => audienceLabels[m.audience] },
  { id: 'status', header: 'Status', value: (m) => m.status, width: 100 },
  { id: 'files', header: 'Files', value: (m) => m.attachments.map((f) => f.filename).join(', '), sortable: false },
  { id: 'recipients', header: 'Queued', value: (m) => m.recipients, searchable: false, width: 90 },
  { id: 'held', header: 'Waiting', value: (m) => m.progress.held, searchable: false, width: 90 },
  {
    id: 'sent',
    header: 'Sent',
    value: (m) => m.progress.sent,
    cell: (m) => (
      <Stack gap={2}>
        <Text size="sm">
          {m.progress.sent} sent, {m.progress.failed} failed, {m.progress.bounced} bounced
        </Text>
        {m.recipients > 0 && <Progress value={sentShare(m)} size="sm" aria-label={`${sentShare(m)}% handled`} />}
      </Stack>
    ),
    searchable: false,
  },
];

const emptyMail: MassMailValues = { title: '', audience: 'participating_teachers', subject: '', html: '<p>Dear {{name}},</p>\n<p></p>', text: 'Dear {{name}},\n\n', campaignId: null };
const mailValues = (m: MassMail): MassMailValues => ({ title: m.title, audience: m.audience, subject: m.subject, html: m.html, text: m.text, campaignId: m.campaignId == null ? null : String(m.campaignId) });

export function MassMailsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const query = useMemo(() => massMailsQuery(olympiadId), [olympiadId]);
  const grid = useWholeListGrid(query, columns);
  // Long sends show their progress: the list is asked again while something is waiting or sending.
  const live = useQuery({ ...query, refetchInterval: 5000 });
  const sending = (live.data ?? []).filter((m) => m.status === 'sending' || m.status === 'queued');
  const overlord = olympiadId === undefined;
  const releasing = useRowDialog<MassMail>();
  const filing = useRowDialog<MassMail>();
  const [preview, setPreview] = useState<Preview | null>(null);
  const previewing = useRefusal();
  const save = useSaveMassMail();
  const editor = useResourceEditor({
    schema: massMailSchema,
    // The overlord's own mass mails go to every teacher; staff's to an audience of their olympiad.
    empty: overlord ? { ...emptyMail, audience: 'all_teachers' } : emptyMail,
    valuesOf: mailValues,
    onOpen: () => setPreview(null),
    save: (values, m) => save.mutateAsync({ id: m?.id ?? null, values, olympiadId }),
  });
  const campaigns = useQuery({ ...campaignsQuery(), enabled: overlord });
  const audiences = (Object.keys(audienceLabels) as Audience[]).filter((a) => (overlord ? a === 'all_teachers' : a !== 'all_teachers'));
  const { control } = editor.form;
  const showPreview = () => {
    const { subject, html, text } = editor.form.getValues();
    return previewing.attempt(previewCopy('bulk', { subject, html, text }), setPreview);
  };
  const test = useMassMailStep('test');
  const queue = useMassMailStep('queue');
  const pause = useMassMailStep('pause');
  const resume = useMassMailStep('resume');
  const remove = useDeleteMassMail();

  const rowActions: RowAction<MassMail>[] = [
    { label: 'Edit', operation: 'PUT /api/mass-mail/{id}', hidden: (m) => m.status !== 'draft', run: editor.edit },
    { label: 'Files', operation: 'POST /api/mass-mail/{id}/attachment', hidden: (m) => m.status !== 'draft', run: filing.open },
    changeAction<MassMail>({ label: 'Send a test to me', operation: 'POST /api/mass-mail/{id}/test', change: (m) => test.mutateAsync(m.id) }),
    changeAction<MassMail>({
      label: 'Queue',
      operation: 'POST /api/mass-mail/{id}/queue',
      hidden: (m) => m.status !== 'draft',
      confirm: (m) => ({ title: `Queue “${m.title}”?`, message: `One e-mail for each of: ${audienceLabels[m.audience].toLowerCase()}. Nothing is sent until you release it.` }),
      change: (m) => queue.mutateAsync(m.id),
    }),
    { label: 'Release a batch', operation: 'POST /api/queued-email/release-batch', hidden: (m) => m.progress.held === 0 || m.status === 'paused', run: releasing.open },
    changeAction<MassMail>({ label: 'Pause', operation: 'POST /api/mass-mail/{id}/pause', hidden: (m) => m.status !== 'sending' && m.status !== 'queued', change: (m) => pause.mutateAsync(m.id) }),
    changeAction<MassMail>({ label: 'Resume (release all)', operation: 'POST /api/mass-mail/{id}/resume', hidden: (m) => m.status !== 'paused' && !(m.status === 'sending' && m.progress.held > 0), change: (m) => resume.mutateAsync(m.id) }),
    deleteAction<MassMail>({
      hidden: (m) => m.status === 'sending' || m.status === 'sent',
      confirm: (m) => ({ title: `Delete “${m.title}”?`, message: 'Its e-mails that wait for release are dropped.' }),
      change: (m) => remove.mutateAsync(m.id),
    }),
  ];

  return (
    <ResourceGrid
      title={route.title}
      description="Write to an audience, send yourself a test, queue it, then release the e-mails in batches or all at once."
      above={sending.map((m) => (
        <Alert key={m.id} color="blue" title={`“${m.title}” is ${m.status}`}>
          <Text size="sm">
            {m.progress.sent} of {m.recipients} sent, {m.progress.queued} on their way, {m.progress.held} waiting for release, {m.progress.failed} failed.
          </Text>
          <Progress value={sentShare(m)} mt="xs" aria-label={`${sentShare(m)}% of “${m.title}” handled`} />
        </Alert>
      ))}
      label="Mass mails"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'title', desc: false }]}
      searchPlaceholder="Search by title"
      editor={editor}
      create={{ label: 'New mass mail' }}
      editorTitle={(m) => (m ? 'Edit the mass mail' : 'New mass mail')}
      editorSize="xl"
      dialogs={
        <>
          {releasing.row && <ReleaseBatch mail={releasing.row} onClose={releasing.close} />}
          {filing.row && <MassMailFiles mail={(live.data ?? []).find((m) => m.id === filing.row?.id)} onClose={filing.close} />}
        </>
      }
    >
      <TextField control={control} name="title" label="Title" description="For you: the addressees do not see it." required />
      <SelectField control={control} name="audience" label="Audience" required data={audiences.map((a) => ({ value: a, label: audienceLabels[a] }))} />
      {overlord && <SelectField control={control} name="campaignId" label="Campaign" clearable data={(campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))} />}
      <TextField control={control} name="subject" label="Subject" required />
      <TextareaField control={control} name="html" label="HTML" description="{{name}} and {{username}} are filled in per person; an unsubscribe link is added." required minRows={6} />
      <TextareaField control={control} name="text" label="Plain text" required minRows={4} />
      {previewing.message && <Alert color="red">{previewing.message}</Alert>}
      <Group>
        <Button variant="default" onClick={() => void showPreview()}>
          Preview
        </Button>
      </Group>
      {preview && <EmailPreviewPanel preview={preview} />}
    </ResourceGrid>
  );
}

const ACCEPTED_FILES = 'application/pdf,image/png,image/jpeg,image/gif,image/webp';

function kilobytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// The files every message of the mass mail carries: up to three PDFs or pictures, 2 MB each and
// 5 MB together (the server says which limit a file breaks).
function MassMailFiles({ mail, onClose }: { mail: MassMail | undefined; onClose: () => void }) {
  const can = useCan();
  const attach = useAttachToMassMail();
  const detach = useDetachFromMassMail();
  const refusal = useRefusal();
  if (!mail) return null;
  const upload = (file: File | null) => file && refusal.attempt(attach.mutateAsync({ id: mail.id, file }));
  const remove = (attachmentId: number) => refusal.attempt(detach.mutateAsync({ id: mail.id, attachmentId }));
  return (
    <Modal opened onClose={onClose} title={`Files of “${mail.title}”`}>
      <Stack>
        <Text size="sm">Every e-mail of this mass mail carries these files: up to three PDFs or pictures, 2 MB each, 5 MB together.</Text>
        {mail.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No files yet.
          </Text>
        ) : (
          <List aria-label="Attached files" spacing="xs">
            {mail.attachments.map((f) => (
              <List.Item key={f.id}>
                <Group gap="xs">
                  <Text size="sm">
                    {f.filename} ({kilobytes(f.sizeBytes)})
                  </Text>
                  {can('DELETE /api/mass-mail/{id}/attachment/{attachmentId}') && (
                    <Button size="compact-xs" variant="subtle" color="red" loading={detach.isPending} onClick={() => void remove(f.id)} aria-label={`Remove ${f.filename}`}>
                      Remove
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {refusal.message && <Alert color="red">{refusal.message}</Alert>}
        <Group justify="flex-end">
          <FileButton onChange={(file) => void upload(file)} accept={ACCEPTED_FILES}>
            {(props) => (
              <Button {...props} loading={attach.isPending} disabled={mail.attachments.length >= 3}>
                Attach a file…
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReleaseBatch({ mail, onClose }: { mail: MassMail; onClose: () => void }) {
  const [qty, setQty] = useState<number>(Math.min(100, mail.progress.held));
  const release = useReleaseBatch();
  const refusal = useRefusal();
  const submit = () => refusal.attempt(release.mutateAsync({ massMailId: mail.id, qty }), onClose);
  return (
    <Modal opened onClose={onClose} title={`Release e-mails of “${mail.title}”`}>
      <Stack>
        <Text size="sm">{mail.progress.held} e-mails wait. The oldest are released first; the senders keep to the configured rate.</Text>
        <NumberInput label="How many" min={batch.minimum} max={Math.min(batch.maximum, Math.max(batch.minimum, mail.progress.held))} value={qty} onChange={(v) => setQty(typeof v === 'number' ? v : 1)} />
        {refusal.message && <Alert color="red">{refusal.message}</Alert>}
        <Group justify="flex-end">
          <Button loading={release.isPending} onClick={() => void submit()}>
            Release
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
