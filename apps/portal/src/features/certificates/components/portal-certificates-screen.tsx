// /portal/:olympiadName/certificates: once the results are final, the school's results (each learner's
// place in their grade and award) and all its certificates as one ZIP to download.
import { useParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useMySchool } from '../../school/api/get-my-school';
import { downloadAnswerSheets, downloadCertificates, useSchoolResults } from '../api/get-school-results';

export function PortalCertificatesScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const mine = useMySchool(olympiadName);
  if (mine.isPending) return <Skeleton height={240} />;
  if (mine.isError) return <Alert color="red">{mine.error.message}</Alert>;
  if (!mine.data.entry) return <Alert color="blue">Your school is not entered in this olympiad.</Alert>;
  return (
    <Stack maw={960}>
      <Title order={1}>{route.title}</Title>
      <SchoolResultsPanel schoolParticipantId={mine.data.entry.id} />
      <PaperSheets schoolParticipantId={mine.data.entry.id} />
    </Stack>
  );
}

function SchoolResultsPanel({ schoolParticipantId }: { schoolParticipantId: number }) {
  const results = useSchoolResults(schoolParticipantId);
  if (results.isPending) return <Skeleton height={200} />;
  if (results.isError) return <Alert color="red">{results.error.message}</Alert>;
  const data = results.data;
  if (!data.released) {
    return <Alert color="blue">The results are not final yet. Once the olympiad office has moderated and released them, your school's results and certificates appear here.</Alert>;
  }
  return (
    <Stack>
      <Text>
        The final results of {data.schoolName} (version {data.version}): {data.learners.length} learner{data.learners.length === 1 ? '' : 's'}
        {data.schoolRank > 0 ? `; the school came ${data.schoolRank} of ${data.schools}.` : '.'}
      </Text>
      <Group>
        <Button onClick={() => void downloadCertificates(schoolParticipantId)}>Download the certificates (ZIP)</Button>
        <Text size="sm" c="dimmed">
          One PDF per learner. If the download says they are not made yet, try again later: the office sends an e-mail when they are ready.
        </Text>
      </Group>
      <Table aria-label="Your learners' results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Learner</Table.Th>
            <Table.Th>Grade</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Place in grade</Table.Th>
            <Table.Th>Percentile</Table.Th>
            <Table.Th>Award</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.learners.map((l) => (
            <Table.Tr key={l.attemptId}>
              <Table.Td>
                {l.firstName} {l.lastName} {l.bestInSchool && <Badge size="xs" variant="outline">best in school</Badge>}{' '}
                {l.onPaper && (
                  <Badge size="xs" color="grape" variant="light">
                    written on paper
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{l.grade}</Table.Td>
              <Table.Td>{l.score}</Table.Td>
              <Table.Td>{l.disqualified ? '—' : `${l.rank} of ${l.of}`}</Table.Td>
              <Table.Td>{l.disqualified ? '—' : l.percentile}</Table.Td>
              <Table.Td>{l.disqualified ? 'disqualified' : (l.award ?? '')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function PaperSheets({ schoolParticipantId }: { schoolParticipantId: number }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Writing on paper
      </Title>
      <Text size="sm">
        If your school has no power or no devices on the day, your learners can write on paper: print one answer sheet a learner, each with the learner's name
        and learner number. Send the filled-in sheets to the olympiad office; their marks join the same results.
      </Text>
      <Group>
        <Button variant="default" onClick={() => void downloadAnswerSheets(schoolParticipantId)}>
          Download answer sheets (PDF)
        </Button>
      </Group>
    </Stack>
  );
}
