// /overlord/privacy (POPIA): find a learner or a teacher, see what is held about them, download it
// as one JSON document, and erase them with a reason behind a confirmation. A learner who wrote is
// anonymised (their marks and everyone's places stay); one who never wrote is deleted; a teacher is
// anonymised (their orders and invoices stay). Every export and erasure is in the activity log.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import type { SearchResults } from '../../overlord/api/search';
import { SearchBox } from '../../overlord/search-box';
import { downloadExport, privacyExportQuery, useErase, type Subject } from '../api/privacy';
import { limits } from '@olympiad/shared/lib/field-limits';

type Person = { subject: Subject; id: number; name: string; about: string };

function PersonList({ title, people, onPick }: { title: string; people: Person[]; onPick: (p: Person) => void }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {people.length === 0 ? (
        <Text c="dimmed" size="sm">
          None found.
        </Text>
      ) : (
        <Table aria-label={title} striped>
          <Table.Tbody>
            {people.map((p) => (
              <Table.Tr key={`${p.subject}-${p.id}`}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.about}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => onPick(p)} aria-label={`Show what is held about ${p.name}`}>
                    Show what is held
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function EraseDialog({ person, opened, onClose }: { person: Person; opened: boolean; onClose: () => void }) {
  const erase = useErase(person.subject);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (reason.trim() === '') {
      setError('Say why: the request, by whom and when. The reason is kept with the erasure.');
      return;
    }
    const result = await erase.mutateAsync({ id: person.id, reason: reason.trim() });
    if (result.ok) {
      setReason('');
      setError(undefined);
      onClose();
    } else {
      setError(result.fields.reason ?? result.message);
    }
  };
  const what =
    person.subject === 'learner'
      ? 'If they wrote, their name becomes "Erased learner #id" everywhere (their marks and every place stay); if they never wrote, everything about them is deleted.'
      : 'They can no longer sign in; their name, contact details and team places go, e-mails not yet sent to them are dropped and their address is shunned. Orders and invoices stay.';
  return (
    <Modal opened={opened} onClose={onClose} title={`Erase ${person.name}?`}>
      <Stack>
        <Text size="sm">{what} This cannot be undone.</Text>
        <Textarea label="Reason" description="Kept with the erasure, not in the activity log." required autosize minRows={2} maxLength={limits.ErasureInput.reason.maxLength} value={reason} error={error} onChange={(e) => setReason(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void submit()} loading={erase.isPending}>
            Erase
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Held({ person }: { person: Person }) {
  const can = useCan();
  const held = useQuery(privacyExportQuery(person.subject, person.id));
  const [erasing, setErasing] = useState(false);
  const mayErase = can(person.subject === 'learner' ? 'POST /api/privacy/learner/{id}/erase' : 'POST /api/privacy/user/{id}/erase');
  if (held.isPending) return <Loader role="status" aria-label="Loading what is held" />;
  if (held.isError) {
    return (
      <Alert color="gray" title="Nothing is held">
        {held.error.message}
      </Alert>
    );
  }
  const tables = Object.entries(held.data.tables as unknown as Record<string, unknown[]>).filter(([, rows]) => rows.length > 0);
  return (
    <Paper withBorder radius="md" p="md" aria-label={`What is held about ${person.name}`} component="section">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {person.name}
          </Title>
          {held.data.erasure && (
            <Badge color="gray" variant="light">
              {held.data.erasure.outcome} {formatDateTime(parseServerTime(held.data.erasure.createdAt))}
            </Badge>
          )}
        </Group>
        <Table aria-label="Rows held, by table" striped maw={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Table</Table.Th>
              <Table.Th>Rows</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tables.map(([table, rows]) => (
              <Table.Tr key={table}>
                <Table.Td>{table}</Table.Td>
                <Table.Td>{rows.length}</Table.Td>
              </Table.Tr>
            ))}
            {held.data.releasedResults.length > 0 && (
              <Table.Tr>
                <Table.Td>released results</Table.Td>
                <Table.Td>{held.data.releasedResults.length}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <Group>
          <Button onClick={() => downloadExport(held.data)}>Download the export (JSON)</Button>
          {mayErase && !held.data.erasure && (
            <Button color="red" variant="light" onClick={() => setErasing(true)}>
              Erase…
            </Button>
          )}
        </Group>
      </Stack>
      <EraseDialog person={person} opened={erasing} onClose={() => setErasing(false)} />
    </Paper>
  );
}

/** The learners and teachers a search found, as people whose data may be asked for. */
function people(results: SearchResults): { learners: Person[]; teachers: Person[] } {
  return {
    learners: results.learners.map((l) => ({
      subject: 'learner',
      id: l.id,
      name: `${l.firstName} ${l.lastName}`,
      about: `Grade ${l.grade}, ${l.schoolName}`,
    })),
    teachers: results.teachers.map((t) => ({
      subject: 'user',
      id: t.userId,
      name: `${t.firstName} ${t.lastName}`,
      about: [t.email, t.schoolName].filter(Boolean).join(', '),
    })),
  };
}

export function PrivacyScreen({ route }: ScreenComponentProps) {
  const [picked, setPicked] = useState<Person | null>(null);
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">A learner&apos;s or a teacher&apos;s data on request (POPIA): what is held, its export, and its erasure.</Text>
      </div>
      <SearchBox label="Find a learner or a teacher" placeholder="A name or an e-mail address">
        {(results) => {
          const { learners, teachers } = people(results);
          return (
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <PersonList title={`Learners (${learners.length})`} people={learners} onPick={setPicked} />
              <PersonList title={`Teachers (${teachers.length})`} people={teachers} onPick={setPicked} />
            </SimpleGrid>
          );
        }}
      </SearchBox>
      {picked && <Held key={`${picked.subject}-${picked.id}`} person={picked} />}
    </Stack>
  );
}
