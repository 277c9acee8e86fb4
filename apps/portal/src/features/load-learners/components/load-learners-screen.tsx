// /portal/:olympiadName/load-learners: the teacher downloads the template, fills it in and uploads it;
// every row is checked and shown with its problems; the teacher fixes or drops rows and loads the rest in
// one go, then prints the login slips (a page per class). Below: the learners already loaded, each of whose
// records the teacher corrects (a misspelt name, a wrong grade or class) as far as the olympiad allows, and
// a late learner added by hand, whose login slip is printed as the spreadsheet's are.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, FileInput, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ParticipantsGrid } from '@olympiad/shared/features/learners/components/participants-grid';
import { CredentialsPanel } from '@olympiad/shared/features/learners/components/credentials-panel';
import type { Credential } from '@olympiad/shared/features/learners/api/participants';
import { alertError } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useMySchool } from '../../school/api/get-my-school';
import { downloadTemplate, useCommitImport, usePreviewImport, type RosterRow } from '../api/import-learners';
import { PreviewTable, type EditableRow } from './preview-table';
import { AddLearnerModal, CorrectLearnerModal } from './learner-dialogs';

/** `rows[3].grade` of the server's answer: the fourth row sent, its grade. */
function rowProblems(fields: Record<string, string>): Map<number, Record<string, string>> {
  const found = new Map<number, Record<string, string>>();
  for (const [name, problem] of Object.entries(fields)) {
    const match = name.match(/^rows\[(\d+)\]\.(\w+)$/);
    if (!match) continue;
    const index = Number(match[1]);
    found.set(index, { ...found.get(index), [match[2] ?? '']: problem });
  }
  return found;
}

export function LoadLearnersScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const mine = useMySchool(olympiadName);
  const previewing = usePreviewImport();
  const committing = useCommitImport();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rows, setRows] = useState<EditableRow[] | null>(null);
  const [loaded, setLoaded] = useState<Credential[] | null>(null);
  const [correcting, setCorrecting] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const entry = mine.data?.entry ?? null;
  const grades = mine.data?.grades ?? [];

  if (mine.isPending) return <Skeleton height={320} />;
  if (mine.isError) return <Alert color="red">{mine.error.message}</Alert>;
  if (!entry) return <Alert color="blue">Your school is not entered in this olympiad.</Alert>;

  const check = async () => {
    if (!file) return;
    setFileError(null);
    setLoaded(null);
    const result = await previewing.mutateAsync({ schoolParticipantId: entry.id, file });
    if (!result.ok) {
      setRows(null);
      setFileError(result.fields.file ?? result.message);
      return;
    }
    setRows(result.data.rows.map((r, key) => ({ key, line: r.line, row: r.row, problems: r.problems })));
  };

  const change = (key: number, field: keyof RosterRow, value: string) =>
    setRows((current) =>
      (current ?? []).map((r) => {
        if (r.key !== key) return r;
        const problems = { ...r.problems };
        delete problems[field];
        return { ...r, row: { ...r.row, [field]: value }, problems };
      }),
    );
  const drop = (key: number) => setRows((current) => (current ?? []).filter((r) => r.key !== key));

  const commit = async () => {
    if (!rows) return;
    const result = await committing.mutateAsync({ schoolParticipantId: entry.id, rows: rows.map((r) => r.row) });
    if (!result.ok) {
      const problems = rowProblems(result.fields);
      if (problems.size === 0) return alertError(result.message);
      setRows(rows.map((r, index) => ({ ...r, problems: problems.get(index) ?? r.problems })));
      return alertError(result.message);
    }
    setLoaded(result.data);
    setRows(null);
    setFile(null);
  };

  const withProblems = rows?.filter((r) => Object.keys(r.problems).length > 0).length ?? 0;

  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">
          {entry.schoolName} · {entry.learnerCount} learners loaded
        </Text>
      </div>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            1. Download the template
          </Title>
          <Text size="sm">One learner a row: first name, last name and grade are needed; the class lets you hand out the login slips class by class. The second sheet explains every column.</Text>
          <Group>
            <Button variant="default" onClick={async () => { const r = await downloadTemplate('xlsx'); if (!r.ok) alertError(r.message); }}>
              Template (Excel)
            </Button>
            <Button variant="default" onClick={async () => { const r = await downloadTemplate('csv'); if (!r.ok) alertError(r.message); }}>
              Template (CSV)
            </Button>
          </Group>
          <Title order={2} size="h4">
            2. Upload it filled in
          </Title>
          <Group align="flex-end">
            <FileInput
              label="Spreadsheet"
              placeholder="Choose the file"
              accept=".xlsx,.ods,.csv"
              value={file}
              onChange={setFile}
              error={fileError}
              clearable
              w={{ base: '100%', sm: 360 }}
            />
            <Button onClick={check} disabled={!file} loading={previewing.isPending}>
              Check the file
            </Button>
          </Group>
        </Stack>
      </Card>
      {rows && (
        <Card withBorder radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              3. Fix or drop rows, then load
            </Title>
            <Text size="sm" role="status">
              {rows.length} learners; {withProblems === 0 ? 'no problems' : `${withProblems} row${withProblems === 1 ? '' : 's'} with problems`}.
            </Text>
            <PreviewTable rows={rows} onChange={change} onDrop={drop} />
            <Group>
              <Button onClick={commit} loading={committing.isPending} disabled={rows.length === 0 || withProblems > 0}>
                Load {rows.length} learners
              </Button>
              <Button variant="subtle" onClick={() => setRows(null)}>
                Start again
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {loaded && (
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            4. Print the login slips
          </Title>
          <CredentialsPanel schoolParticipantId={entry.id} credentials={loaded} />
        </Card>
      )}
      <Title order={2} size="h3" mt="md">
        Learners loaded
      </Title>
      <ParticipantsGrid
        scope={{ customerParticipantId: entry.id }}
        schoolId={entry.schoolId}
        staff={false}
        moreRowActions={[{ label: 'Edit', operation: 'PUT /api/learner/{id}', run: (p) => setCorrecting(p.learnerId) }]}
        moreToolbar={
          <Button variant="default" onClick={() => setAdding(true)}>
            Add a learner
          </Button>
        }
      />
      <CorrectLearnerModal learnerId={correcting} grades={grades} onClose={() => setCorrecting(null)} />
      <AddLearnerModal
        opened={adding}
        schoolParticipantId={entry.id}
        grades={grades}
        onClose={() => setAdding(false)}
        onAdded={(credential) => {
          setAdding(false);
          setLoaded([credential]);
        }}
      />
    </Stack>
  );
}
