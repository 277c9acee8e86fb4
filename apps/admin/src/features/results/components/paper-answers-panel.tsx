// Results moderation's paper answers: a school that had no power or no devices writes on printed answer
// sheets; the admin prints them per school, types the sheets into a spreadsheet (learner number, then one
// column a question), checks it row by row here, and imports it: the same marking as online attempts.
import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useCan } from '@olympiad/shared/access/can';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';
import { downloadAnswerSheets, downloadPaperTemplate, useEnteredSchools, useImportPaperAnswers, usePreviewPaperAnswers, type PaperPreview } from '../api/paper-answers';

export function PaperAnswersPanel({ olympiadId, final }: { olympiadId: number; final: boolean }) {
  const can = useCan();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        Answers written on paper
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        For a school without power or devices on the day: print its answer sheets (one a learner), then type the sheets into a spreadsheet with the column
        "Learner number" and one column a question headed 1, 2, 3… (option letters such as B or A,C; T or F; numbers and words as written).
      </Text>
      <Stack>
        <SheetsDownload olympiadId={olympiadId} />
        {can('POST /api/results/paper/preview') && <PaperImport olympiadId={olympiadId} final={final} />}
      </Stack>
    </Paper>
  );
}

function SheetsDownload({ olympiadId }: { olympiadId: number }) {
  const schools = useEnteredSchools(olympiadId);
  const [school, setSchool] = useState<string | null>(null);
  return (
    <Group align="flex-end">
      <Select
        label="School"
        placeholder={schools.isPending ? 'Loading the schools…' : 'Choose a school'}
        data={schools.data ?? []}
        value={school}
        onChange={setSchool}
        searchable
        w={320}
      />
      <Button variant="default" disabled={school === null} onClick={() => school !== null && void downloadAnswerSheets(Number(school))}>
        Download answer sheets (PDF)
      </Button>
      <Button variant="default" disabled={school === null} onClick={() => school !== null && void downloadPaperTemplate(Number(school))}>
        Download spreadsheet to fill in (XLSX)
      </Button>
    </Group>
  );
}

const rowColumns: TableColumn<PaperPreview['rows'][number]>[] = [
  { header: 'Row', cell: (row) => row.row },
  { header: 'Learner number', cell: (row) => row.learnerNumber },
  { header: 'Learner', cell: (row) => row.learner ?? '' },
  { header: 'School', cell: (row) => row.schoolName ?? '' },
  { header: 'Answered', cell: (row) => row.answered },
  {
    header: 'Problems',
    cell: (row) =>
      row.problems.length === 0 ? (
        'none'
      ) : (
        <List size="sm" c="red.9">
          {row.problems.map((p) => (
            <List.Item key={`${p.column}-${p.message}`}>
              Column {p.column}: {p.message}
            </List.Item>
          ))}
        </List>
      ),
  },
];

function PaperImport({ olympiadId, final }: { olympiadId: number; final: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PaperPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const checking = usePreviewPaperAnswers();
  const importing = useImportPaperAnswers();
  const check = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    if (!chosen) return;
    const result = await checking.mutateAsync({ olympiadId, file: chosen });
    if (result.ok) setPreview(result.data);
    else setProblem(result.message);
  };
  const bad = preview ? preview.rows.length - preview.ready : 0;
  return (
    <Stack>
      <FileInput label="Spreadsheet of paper answers (XLSX or CSV)" placeholder="Choose the file" accept=".xlsx,.csv,.ods" value={file} onChange={(chosen) => void check(chosen)} clearable maw={420} disabled={final} />
      {final && <Text size="sm">The results are final: reopen them to import paper answers.</Text>}
      {checking.isPending && <Text size="sm">Checking every row…</Text>}
      {problem && <Alert color="red">{problem}</Alert>}
      {preview && (
        <Stack>
          <Group gap="xs">
            <Badge color="green" variant="light">
              {preview.ready} ready
            </Badge>
            {bad > 0 && (
              <Badge color="red" variant="light">
                {bad} with problems
              </Badge>
            )}
            {preview.alreadyIn > 0 && <Badge variant="outline">{preview.alreadyIn} already imported: their answers are replaced</Badge>}
            <Text size="sm" c="dimmed">
              {preview.questions} questions
            </Text>
          </Group>
          <RecordTable label="Paper answers, row by row" rows={preview.rows} rowKey={(row) => row.row} columns={rowColumns} />
          <Group>
            <Button
              disabled={bad > 0 || !file}
              loading={importing.isPending}
              onClick={async () => {
                if (!file) return;
                const result = await importing.mutateAsync({ olympiadId, file });
                if (result.ok) {
                  setFile(null);
                  setPreview(null);
                } else setProblem(result.message);
              }}
            >
              Import {preview.ready} learner{preview.ready === 1 ? "'s" : "s'"} answers
            </Button>
            {bad > 0 && <Text size="sm">Fix the rows with problems in the file and choose it again: nothing is imported while any row has a problem.</Text>}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
