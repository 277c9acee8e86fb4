// General Copy: the texts an olympiad keeps (admin, /:olympiadName/admin/edit/general-copy) or the
// platform's own (overlord, /overlord/general-copy), each under a key; one is chosen or a new key
// written, previewed and published. With `fixedKey` the screen edits that one text only (the terms
// and conditions).
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { limits } from '@olympiad/shared/lib/field-limits';
import { useRecordDraft } from '@olympiad/shared/resource/use-record-draft';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';
import { useGeneralCopies, useSaveGeneralCopy, type GeneralCopy } from '../api/general-copy';
import { PreviewPublish } from './preview-publish';

type GeneralCopyEditorProps = {
  /** The olympiad's copy; undefined for the platform's own. */
  olympiadId: number | undefined;
  fixedKey?: string;
};

export function GeneralCopyEditor({ olympiadId, fixedKey }: GeneralCopyEditorProps) {
  const copies = useGeneralCopies(olympiadId);
  const [editing, setEditing] = useState<{ key: string; title: string; body: string } | null>(null);
  if (copies.isPending) return <Skeleton height={240} role="status" aria-label="Loading" />;
  if (copies.isError) return <Alert color="red">{copies.error.message}</Alert>;
  const open = (copy: GeneralCopy | undefined, key: string) => setEditing({ key, title: copy?.title ?? '', body: copy?.body ?? '' });
  const columns: TableColumn<GeneralCopy>[] = [
    { header: 'Key', cell: (copy) => <Badge variant="light">{copy.copyKey}</Badge> },
    { header: 'Title', cell: (copy) => copy.title },
    { header: 'Changed', cell: (copy) => new Date(copy.updatedAt).toLocaleString() },
    {
      header: <span className="visually-hidden">Actions</span>,
      cell: (copy) => (
        <Button size="xs" variant="light" onClick={() => open(copy, copy.copyKey)}>
          Edit
        </Button>
      ),
    },
  ];

  if (fixedKey !== undefined) {
    const copy = copies.data.find((c) => c.copyKey === fixedKey);
    return <CopyForm key={copy?.updatedAt ?? 'new'} olympiadId={olympiadId} initial={{ key: fixedKey, title: copy?.title ?? '', body: copy?.body ?? '' }} fixedKey />;
  }
  return (
    <Stack>
      <Paper withBorder radius="md">
        <RecordTable label="General copy" highlightOnHover rows={copies.data} rowKey={(copy) => copy.id} columns={columns} empty={<Text c="dimmed">No copy yet.</Text>} />
      </Paper>
      <Group>
        <Button onClick={() => open(undefined, '')}>New copy</Button>
      </Group>
      {editing && <CopyForm key={editing.key || 'new'} olympiadId={olympiadId} initial={editing} onDone={() => setEditing(null)} />}
    </Stack>
  );
}

function CopyForm({
  olympiadId,
  initial,
  fixedKey = false,
  onDone,
}: {
  olympiadId: number | undefined;
  initial: { key: string; title: string; body: string };
  fixedKey?: boolean;
  onDone?: () => void;
}) {
  const save = useSaveGeneralCopy();
  const copy = useRecordDraft({
    record: initial,
    save: ({ key, title, body }) => save.mutateAsync({ olympiadId: olympiadId ?? null, copyKey: key, title, body }),
    onSaved: onDone,
  });
  const { draft, errors } = copy;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        {!fixedKey && <Title order={2} size="h4">{initial.key ? `Edit ${initial.key}` : 'New copy'}</Title>}
        {copy.message && <Alert color="red">{copy.message}</Alert>}
        {!fixedKey && (
          <TextInput label="Key" description="Lower-case words joined by hyphens" value={draft.key} onChange={(e) => copy.change({ key: e.currentTarget.value })} disabled={initial.key !== ''} required error={errors.copyKey} maxLength={limits.GeneralCopyInput.copyKey.maxLength} />
        )}
        <TextInput label="Title" value={draft.title} onChange={(e) => copy.change({ title: e.currentTarget.value })} error={errors.title} maxLength={limits.GeneralCopyInput.title.maxLength} />
        <PreviewPublish label="Text" body={draft.body} onBodyChange={(body) => copy.change({ body })} onPublish={(body) => copy.submit({ ...draft, body })} publishing={copy.saving} error={errors.body} />
      </Stack>
    </Paper>
  );
}
