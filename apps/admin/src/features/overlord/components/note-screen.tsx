// /overlord/notes/before-olympiad and /overlord/notes/common-issues: a note the overlord keeps for every
// olympiad, edited here; each save keeps the one before it, and an old version can be read and taken
// back.
import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { RichTextEditor } from '@olympiad/shared/ui/form/rich-text-field';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';
import { RichText } from '@olympiad/shared/ui/lean/rich-text';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useRecordDraft } from '@olympiad/shared/resource/use-record-draft';
import { noteQuery, useSaveNote, type Note, type NoteTopic } from '../api/notes';

type Revision = Note['history'][number];

const descriptions: Record<NoteTopic, string> = {
  'before-olympiad': 'What to do before an olympiad opens: the checklist, kept for next year.',
  'common-issues': 'The issues that come up every year, and what fixes them.',
};

export function NoteScreen({ route, topic }: ScreenComponentProps & { topic: NoteTopic }) {
  const note = useQuery(noteQuery(topic));
  if (note.isPending) return <Loader role="status" aria-label="Loading the note" />;
  if (note.isError) return <Alert color="red" title="Could not load the note">{note.error.message}</Alert>;
  return <NoteEditor route={route} topic={topic} note={note.data} />;
}

function NoteEditor({ route, topic, note }: ScreenComponentProps & { topic: NoteTopic; note: Note }) {
  const can = useCan();
  const save = useSaveNote(topic);
  const { body, history } = note;
  const draft = useRecordDraft({ record: body, save: save.mutateAsync });
  const [shown, setShown] = useState<number | null>(null);
  const old = history.find((r) => r.id === shown);
  const columns: TableColumn<Revision>[] = [
    { header: 'Saved', cell: (revision) => `${formatDateTime(parseServerTime(revision.createdAt))}${revision === history[0] ? ' (current)' : ''}` },
    { header: 'By', cell: (revision) => revision.authorName ?? '—' },
    {
      header: <span className="visually-hidden">Actions</span>,
      cell: (revision) => (
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={() => setShown(shown === revision.id ? null : revision.id)}>
            {shown === revision.id ? 'Hide' : 'Read'}
          </Button>
          {revision !== history[0] && can('PUT /api/note/{topic}') && (
            <Button size="xs" variant="subtle" onClick={() => void draft.submit(revision.body)}>
              Take this version back
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">{descriptions[topic]}</Text>
      </div>
      {can('PUT /api/note/{topic}') ? (
        <Stack gap="xs">
          {draft.message && <Alert color="red">{draft.message}</Alert>}
          <RichTextEditor key={body} label="The note" value={draft.draft} onChange={draft.set} minHeight={260} />
          <Group>
            <Button onClick={() => void draft.submit()} loading={draft.saving} disabled={!draft.changed}>
              Save
            </Button>
            {draft.changed && (
              <Button variant="default" onClick={draft.undo}>
                Undo changes
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Paper withBorder p="md">
          <RichText html={body} />
        </Paper>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          History
        </Title>
        {history.length === 0 ? (
          <Text c="dimmed">Nothing saved yet.</Text>
        ) : (
          <RecordTable label="Versions of the note" striped rows={history} rowKey={(revision) => revision.id} columns={columns} />
        )}
        {old && (
          <Paper withBorder p="md" aria-label="The version being read">
            <RichText html={old.body} />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
