// Mass Mailers (admin, funding: the olympiad's) and Mass Mails (overlord: every one, and the
// platform's own to all teachers): an audience, copy, a test send to oneself, then queueing; the
// queued e-mails wait until released (a batch at a time or all), and a send can be paused and
// resumed without anyone getting an e-mail twice. Progress is shown while it sends.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, FileButton, Group, List, Modal, NumberInput, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useCan } from '@olympiad/shared/access/can';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { changeAction, deleteAction } from '@olympiad/shared/resource/row-actions';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import {
  audienceLabels,
  campaignsQuery,
  massMailsQuery,
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

export function MassMailsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const query = useMemo(() => massMailsQuery(olympiadId), [olympiadId]);
  const grid = useWholeListGrid(query, columns);
  // Long sends show their progress: the list is asked again while something is waiting or sending.
  const live = useQuery({ ...query, refetchInterval: 5000 });
  const sending = (live.data ?? []).filter((m) => m.status === 'sending' || m.status === 'queued');
  const [editing, setEditing] = useState<{ id: number | null; values: MassMailValues } | null>(null);
  const [releasing, setReleasing] = useState<MassMail | null>(null);
  const [filing, setFiling] = useState<number | null>(null);
  const test = useMassMailStep('test');
  const queue = useMassMailStep('queue');
  const pause = useMassMailStep('pause');
  const resume = useMassMailStep('resume');
  const remove = useDeleteMassMail();

  const rowActions: RowAction<MassMail>[] = [
    {
      label: 'Edit',
      operation: 'PUT /api/mass-mail/{id}',
      hidden: (m) => m.status !== 'draft',
      run: (m) => setEditing({ id: m.id, values: { title: m.title, audience: m.audience, subject: m.subject, html: m.html, text: m.text, campaignId: m.campaignId ?? null } }),
    },
    { label: 'Files', operation: 'POST /api/mass-mail/{id}/attachment', hidden: (m) => m.status !== 'draft', run: (m) => setFiling(m.id) },
    changeAction<MassMail>({ label: 'Send a test to me', operation: 'POST /api/mass-mail/{id}/test', change: (m) => test.mutateAsync(m.id) }),
    changeAction<MassMail>({
      label: 'Queue',
      operation: 'POST /api/mass-mail/{id}/queue',
      hidden: (m) => m.status !== 'draft',
      confirm: (m) => ({ title: `Queue “${m.title}”?`, message: `One e-mail for each of: ${audienceLabels[m.audience].toLowerCase()}. Nothing is sent until you release it.` }),
      change: (m) => queue.mutateAsync(m.id),
    }),
    { label: 'Release a batch', operation: 'POST /api/queued-email/release-batch', hidden: (m) => m.progress.held === 0 || m.status === 'paused', run: setReleasing },
    changeAction<MassMail>({ label: 'Pause', operation: 'POST /api/mass-mail/{id}/pause', hidden: (m) => m.status !== 'sending' && m.status !== 'queued', change: (m) => pause.mutateAsync(m.id) }),
    changeAction<MassMail>({ label: 'Resume (release all)', operation: 'POST /api/mass-mail/{id}/resume', hidden: (m) => m.status !== 'paused' && !(m.status === 'sending' && m.progress.held > 0), change: (m) => resume.mutateAsync(m.id) }),
    deleteAction<MassMail>({
      hidden: (m) => m.status === 'sending' || m.status === 'sent',
      confirm: (m) => ({ title: `Delete “${m.title}”?`, message: 'Its e-mails that wait for release are dropped.' }),
      change: (m) => remove.mutateAsync(m.id),
    }),
  ];

  return (
    <GridScreen title={route.title} description="Write to an audience, send yourself a test, queue it, then release the e-mails in batches or all at once.">
      {sending.map((m) => (
        <Alert key={m.id} color="blue" title={`“${m.title}” is ${m.status}`}>
          <Text size="sm">
            {m.progress.sent} of {m.recipients} sent, {m.progress.queued} on their way, {m.progress.held} waiting for release, {m.progress.failed} failed.
          </Text>
          <Progress value={sentShare(m)} mt="xs" aria-label={`${sentShare(m)}% of “${m.title}” handled`} />
        </Alert>
      ))}
      <DataGrid<MassMail>
        label="Mass mails"
        {...grid}
        columns={columns}
        getRowId={(m) => String(m.id)}
        exportName="mass-mails"
        rowActions={rowActions}
        initialSort={[{ id: 'title', desc: false }]}
        searchPlaceholder="Search by title"
        toolbar={<Button onClick={() => setEditing({ id: null, values: emptyMail })}>New mass mail</Button>}
      />
      {editing && <MassMailEditor editing={editing} olympiadId={olympiadId} onClose={() => setEditing(null)} />}
      {releasing && <ReleaseBatch mail={releasing} onClose={() => setReleasing(null)} />}
      {filing !== null && <MassMailFiles mail={(live.data ?? []).find((m) => m.id === filing)} onClose={() => setFiling(null)} />}
    </GridScreen>
  );
}

function MassMailEditor({ editing, olympiadId, onClose }: { editing: { id: number | null; values: MassMailValues }; olympiadId: number | undefined; onClose: () => void }) {
  const overlord = olympiadId === undefined;
  // The overlord's own mass mails go to every teacher; staff's to an audience of their olympiad.
  const [values, setValues] = useState<MassMailValues>(overlord && editing.id === null ? { ...editing.values, audience: 'all_teachers' } : editing.values);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const save = useSaveMassMail();
  const campaigns = useQuery({ ...campaignsQuery(), enabled: overlord });
  const audiences = (Object.keys(audienceLabels) as Audience[]).filter((a) => (overlord ? a === 'all_teachers' : a !== 'all_teachers'));
  const submit = async () => {
    const result = await save.mutateAsync({ id: editing.id, values, olympiadId });
    if (result.ok) onClose();
    else setProblem(result.message);
  };
  const showPreview = async () => {
    const result = await previewCopy('bulk', { subject: values.subject, html: values.html, text: values.text });
    if (result.ok) setPreview(result.data);
    else setProblem(result.message);
  };
  return (
    <Modal opened onClose={onClose} title={editing.id === null ? 'New mass mail' : 'Edit the mass mail'} size="xl">
      <Stack>
        <TextInput label="Title" description="For you: the addressees do not see it." required value={values.title} onChange={(e) => setValues({ ...values, title: e.currentTarget.value })} />
        <Select label="Audience" required data={audiences.map((a) => ({ value: a, label: audienceLabels[a] }))} value={values.audience} onChange={(a) => a && setValues({ ...values, audience: a as Audience })} allowDeselect={false} />
        {overlord && (
          <Select
            label="Campaign"
            clearable
            data={(campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={values.campaignId === null ? null : String(values.campaignId)}
            onChange={(c) => setValues({ ...values, campaignId: c === null ? null : Number(c) })}
          />
        )}
        <TextInput label="Subject" required value={values.subject} onChange={(e) => setValues({ ...values, subject: e.currentTarget.value })} />
        <Textarea label="HTML" description="{{name}} and {{username}} are filled in per person; an unsubscribe link is added." required autosize minRows={6} value={values.html} onChange={(e) => setValues({ ...values, html: e.currentTarget.value })} />
        <Textarea label="Plain text" required autosize minRows={4} value={values.text} onChange={(e) => setValues({ ...values, text: e.currentTarget.value })} />
        {problem && <Alert color="red">{problem}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void showPreview()}>
            Preview
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save
          </Button>
        </Group>
        {preview && <EmailPreviewPanel preview={preview} />}
      </Stack>
    </Modal>
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
  const [problem, setProblem] = useState<string | null>(null);
  if (!mail) return null;
  const upload = async (file: File | null) => {
    if (!file) return;
    const result = await attach.mutateAsync({ id: mail.id, file });
    setProblem(result.ok ? null : result.message);
  };
  const remove = async (attachmentId: number) => {
    const result = await detach.mutateAsync({ id: mail.id, attachmentId });
    setProblem(result.ok ? null : result.message);
  };
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
        {problem && <Alert color="red">{problem}</Alert>}
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
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    const result = await release.mutateAsync({ massMailId: mail.id, qty });
    if (result.ok) onClose();
    else setProblem(result.message);
  };
  return (
    <Modal opened onClose={onClose} title={`Release e-mails of “${mail.title}”`}>
      <Stack>
        <Text size="sm">{mail.progress.held} e-mails wait. The oldest are released first; the senders keep to the configured rate.</Text>
        <NumberInput label="How many" min={1} max={Math.max(1, mail.progress.held)} value={qty} onChange={(v) => setQty(typeof v === 'number' ? v : 1)} />
        {problem && <Alert color="red">{problem}</Alert>}
        <Group justify="flex-end">
          <Button loading={release.isPending} onClick={() => void submit()}>
            Release
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
