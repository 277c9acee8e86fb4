// Reuse of a year's paper: the paper as a question-bank JSON file, such a file added to this paper, and a
// simple single-choice bank from CSV (columns question,a,b,c,d,correct,marks,difficulty).
import { useRef, useState } from 'react';
import { z } from 'zod';
import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import { FormAlert, SelectField, SubmitButton, TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { exportQuestionBank, useImportCsv, useImportQuestionBank } from '../api/question-bank';
import { LANGUAGES, type QuestionBank } from '../api/paper-types';
import { alertRefusal } from '@olympiad/shared/resource/row-actions';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const csvSchema = z.object({
  moduleTitle: z.string().trim().min(1, 'Give the new module a title'),
  language: z.enum(['en', 'af']),
  csv: z.string().trim().min(1, 'Paste the CSV or choose a file'),
});
const emptyCsv: z.input<typeof csvSchema> = { moduleTitle: '', language: 'en', csv: '' };

export function QuestionBankMenu({ olympiadId, olympiadName }: { olympiadId: number; olympiadName: string }) {
  const bankImport = useImportQuestionBank(olympiadId);
  const jsonInput = useRef<HTMLInputElement>(null);
  const [csvOpen, setCsvOpen] = useState(false);

  const exportBank = async () => {
    const result = await exportQuestionBank(olympiadId);
    if (!result.ok) return alertError(result.message);
    download(`${olympiadName}-question-bank.json`, JSON.stringify(result.data, null, 2));
  };

  const importBank = async (file: File) => {
    let bank: QuestionBank;
    try {
      bank = JSON.parse(await file.text()) as QuestionBank;
    } catch {
      return alertError(`${file.name} is not a JSON file.`);
    }
    alertRefusal(await bankImport.mutateAsync(bank));
  };

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default">Question bank</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void exportBank()}>Export as JSON</Menu.Item>
          <Menu.Item onClick={() => jsonInput.current?.click()}>Import a JSON bank…</Menu.Item>
          <Menu.Item onClick={() => setCsvOpen(true)}>Import single-choice CSV…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <input
        ref={jsonInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Question bank file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void importBank(file);
        }}
      />
      <CsvImportModal olympiadId={olympiadId} opened={csvOpen} onClose={() => setCsvOpen(false)} />
    </>
  );
}

function CsvImportModal({ olympiadId, opened, onClose }: { olympiadId: number; opened: boolean; onClose: () => void }) {
  const importCsv = useImportCsv(olympiadId);
  const { form, error, submit, submitting } = useRecordForm({
    schema: csvSchema,
    record: null,
    valuesOf: () => emptyCsv,
    empty: emptyCsv,
    save: importCsv.mutateAsync,
    serverFields: ['moduleTitle', 'csv'],
    onSaved: (_, form) => {
      form.reset();
      onClose();
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Import a single-choice bank from CSV" size="lg">
      <form onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <Stack>
          <Text size="sm" c="dimmed">
            A header row, then one question a row: <code>question,a,b,c,d,correct,marks,difficulty</code>. Columns c and d may be
            empty; correct is a letter; marks and difficulty may be empty (1 and 3). The questions become one new module.
          </Text>
          <Group grow align="flex-start">
            <TextField control={form.control} name="moduleTitle" label="New module's title" required />
            <SelectField
              control={form.control}
              name="language"
              label="Written in"
              data={LANGUAGES.map((language) => ({ value: language.value, label: language.label }))}
            />
          </Group>
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={async (event) => {
              const file = event.currentTarget.files?.[0];
              if (file) form.setValue('csv', await file.text(), { shouldValidate: true });
            }}
          />
          <TextareaField control={form.control} name="csv" label="CSV" minRows={6} required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton submitting={submitting}>Import</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
