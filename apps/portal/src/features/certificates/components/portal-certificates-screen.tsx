// /portal/:olympiadName/certificates: once the results are final, the school's results (each learner's
// place in their grade and award) and all its certificates as one ZIP to download.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Modal, NumberInput, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useMySchool } from '../../school/api/get-my-school';
import { downloadAnswerSheets, downloadCertificates, useLodgeAppeal, useSchoolAppeals, useSchoolResults, type SchoolAppeal, type SchoolResults } from '../api/get-school-results';
import { limits } from '@olympiad/shared/lib/field-limits';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';

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
  return <ReleasedResults schoolParticipantId={schoolParticipantId} data={data} />;
}

type Learner = SchoolResults['learners'][number];

const learnerColumns: TableColumn<Learner>[] = [
  {
    header: 'Learner',
    cell: (l) => (
      <>
        {l.firstName} {l.lastName} {l.bestInSchool && <Badge size="xs" variant="outline">best in school</Badge>}{' '}
        {l.onPaper && (
          <Badge size="xs" color="grape" variant="light">
            written on paper
          </Badge>
        )}
      </>
    ),
  },
  { header: 'Grade', cell: (l) => l.grade },
  { header: 'Score', cell: (l) => l.score },
  { header: 'Place in grade', cell: (l) => (l.disqualified ? '—' : `${l.rank} of ${l.of}`) },
  { header: 'Percentile', cell: (l) => (l.disqualified ? '—' : l.percentile) },
  { header: 'Award', cell: (l) => (l.disqualified ? 'disqualified' : (l.award ?? '')) },
];

const appealColumns: TableColumn<SchoolAppeal>[] = [
  { header: 'Learner', cell: (a) => a.learner },
  { header: 'Question', cell: (a) => a.question },
  { header: 'Reason', cell: (a) => a.reason },
  {
    header: 'Outcome',
    cell: (a) => (
      <>
        <Badge variant="light" color={a.state === 'upheld' ? 'green' : a.state === 'dismissed' ? 'gray' : 'blue'}>
          {a.state === 'lodged' ? 'waiting' : a.state}
        </Badge>{' '}
        {a.outcome}
        {a.state === 'upheld' && a.marks !== null && a.marks !== undefined ? ` (new total ${a.marks})` : ''}
      </>
    ),
  },
];

function ReleasedResults({ schoolParticipantId, data }: { schoolParticipantId: number; data: SchoolResults }) {
  const [appealing, setAppealing] = useState<Learner | null>(null);
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
      <RecordTable
        label="Your learners' results"
        rows={data.learners}
        rowKey={(l) => l.attemptId}
        columns={[
          ...learnerColumns,
          {
            header: <span className="visually-hidden">Appeal</span>,
            cell: (l) => (
              <Button size="xs" variant="subtle" onClick={() => setAppealing(l)}>
                Appeal
              </Button>
            ),
          },
        ]}
      />
      <AppealModal schoolParticipantId={schoolParticipantId} learner={appealing} onClose={() => setAppealing(null)} />
      <Appeals schoolParticipantId={schoolParticipantId} />
    </Stack>
  );
}

function AppealModal({ schoolParticipantId, learner, onClose }: { schoolParticipantId: number; learner: Learner | null; onClose: () => void }) {
  const lodge = useLodgeAppeal();
  const [question, setQuestion] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    if (!learner) return;
    const result = await lodge.mutateAsync({ schoolParticipantId, attemptId: learner.attemptId, question: typeof question === 'number' ? question : 0, reason });
    if (result.ok) {
      setQuestion('');
      setReason('');
      setErrors({});
      onClose();
    } else setErrors(Object.keys(result.fields).length > 0 ? result.fields : { reason: result.message });
  };
  return (
    <Modal opened={learner !== null} onClose={onClose} title={learner ? `Appeal for ${learner.firstName} ${learner.lastName}` : 'Appeal'}>
      <Stack>
        <NumberInput label="Question number" description="As numbered on the paper" required min={limits.LodgeInput.question.minimum} value={question} onChange={setQuestion} error={errors.question} />
        <Textarea label="Why the mark should be looked at again" required autosize minRows={3} maxLength={limits.LodgeInput.reason.maxLength} value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={errors.reason} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={lodge.isPending}>
            Lodge the appeal
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Appeals({ schoolParticipantId }: { schoolParticipantId: number }) {
  const appeals = useSchoolAppeals(schoolParticipantId);
  if (appeals.isPending) return <Skeleton height={60} />;
  if (appeals.isError) return <Alert color="red">{appeals.error.message}</Alert>;
  if (appeals.data.length === 0) return <Text size="sm" c="dimmed">No appeals lodged. To ask for a learner's mark on a question to be looked at again, press Appeal beside the learner.</Text>;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Appeals
      </Title>
      <RecordTable label="Your appeals" rows={appeals.data} rowKey={(a) => a.id} columns={appealColumns} />
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
