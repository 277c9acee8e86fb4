// /:olympiadName/admin/results/browse-certificates: every certificate the final results give (learner,
// school, award, as printed), searchable, with each school's ZIP to download once it is made.
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { downloadSchoolZip, useBatches, useModeratedCertificates } from '../api/certificate-runs';

export function BrowseCertificatesScreen({ route }: ScreenComponentProps) {
  const olympiadId = useOlympiadId();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The certificates of the final results, learner by learner.</Text>
      </div>
      {olympiadId === null ? <Loader role="status" aria-label="Loading" /> : <Browse olympiadId={olympiadId} />}
    </Stack>
  );
}

const PAGE = 200;

function Browse({ olympiadId }: { olympiadId: number }) {
  const certificates = useModeratedCertificates(olympiadId);
  const batches = useBatches(olympiadId, false);
  const [search, setSearch] = useState('');
  const made = useMemo(() => new Set((batches.data ?? []).filter((b) => b.status === 'made' || b.status === 'sent').map((b) => b.schoolParticipantId)), [batches.data]);
  const shown = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (certificates.data ?? []).filter((c) => text === '' || `${c.name} ${c.schoolName}`.toLowerCase().includes(text));
  }, [certificates.data, search]);
  if (certificates.isPending) return <Loader role="status" aria-label="Loading the certificates" />;
  if (certificates.isError) return <Alert color="red">{certificates.error.message}</Alert>;
  if (certificates.data.length === 0) return <Alert color="blue">No certificates yet: they come from the final results.</Alert>;
  return (
    <Stack>
      <TextInput label="Search" placeholder="Learner or school" value={search} onChange={(event) => setSearch(event.currentTarget.value)} maw={360} />
      <Text size="sm" c="dimmed">
        {shown.length} certificate{shown.length === 1 ? '' : 's'}
        {shown.length > PAGE ? `; the first ${PAGE} are shown: search to find others` : ''}
      </Text>
      <Table aria-label="Certificates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Learner</Table.Th>
            <Table.Th>Grade</Table.Th>
            <Table.Th>School</Table.Th>
            <Table.Th>Certificate</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Percentile</Table.Th>
            <Table.Th>
              <span className="visually-hidden">School's ZIP</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.slice(0, PAGE).map((c) => (
            <Table.Tr key={c.participantId}>
              <Table.Td>{c.name}</Table.Td>
              <Table.Td>{c.grade}</Table.Td>
              <Table.Td>{c.schoolName}</Table.Td>
              <Table.Td>
                <Badge variant="light">{c.title}</Badge>
              </Table.Td>
              <Table.Td>{c.score}</Table.Td>
              <Table.Td>{c.percentile}</Table.Td>
              <Table.Td>
                {made.has(c.schoolParticipantId) && (
                  <Button size="xs" variant="subtle" onClick={() => void downloadSchoolZip(c.schoolParticipantId)}>
                    School's ZIP
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
