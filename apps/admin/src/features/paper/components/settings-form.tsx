// The olympiad's settings: title, year, kind, duration, grades, languages, the learner's instructions
// and declaration, shuffling, and the sitting windows.
import { useFieldArray, useWatch } from 'react-hook-form';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import {
  CheckboxField,
  CheckboxGroupField,
  FormAlert,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
} from '@olympiad/shared/ui/form/form-fields';
import { RichTextField } from '@olympiad/shared/ui/form/rich-text-field';
import type { OlympiadSettings } from '../api/get-olympiad';
import { useUpdateOlympiad } from '../api/update-olympiad';
import { LANGUAGES } from '../api/paper-types';
import { GRADES, settingsFormOf, settingsSchema, updateSettingsOf } from '../settings-form';
import { limits } from '@olympiad/shared/lib/field-limits';

const settings = limits.UpdateSettings;

const SERVER_FIELDS = ['title', 'year', 'kind', 'durationMinutes', 'grades', 'languages', 'sittingWindows'];

export function SettingsForm({ olympiad }: { olympiad: OlympiadSettings }) {
  const update = useUpdateOlympiad();
  // Opening, closing or pinning changes the olympiad but not its settings: what is being typed stays.
  const { form, error: formError, submit, submitting } = useRecordForm({
    schema: settingsSchema,
    record: olympiad,
    valuesOf: settingsFormOf,
    save: (values) => update.mutateAsync({ olympiadId: olympiad.id, settings: updateSettingsOf(values) }),
    serverFields: SERVER_FIELDS,
  });
  const { control } = form;
  const windows = useFieldArray({ control, name: 'sittingWindows' });
  const languages = useWatch({ control, name: 'languages' });

  const offered = LANGUAGES.filter((language) => languages?.includes(language.value));
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="settings-heading">
      <Title order={2} size="h3" id="settings-heading" mb="md">
        Settings
      </Title>
      <form onSubmit={submit} noValidate>
        <FormAlert message={formError} />
        <Stack>
          <TextField control={control} name="title" label="Title" required />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <NumberField control={control} name="year" label="Year" min={settings.year.minimum} max={settings.year.maximum} allowDecimal={false} required />
            <SelectField
              control={control}
              name="kind"
              label="Who enters"
              data={[
                { value: 'schools', label: 'Schools' },
                { value: 'countries', label: 'Countries' },
              ]}
            />
            <NumberField
              control={control}
              name="durationMinutes"
              label="Duration"
              suffix=" min"
              min={settings.durationMinutes.minimum}
              max={settings.durationMinutes.maximum}
              allowDecimal={false}
              required
            />
          </SimpleGrid>
          <CheckboxGroupField
            control={control}
            name="grades"
            label="Grades allowed"
            data={GRADES.map((grade) => ({ value: grade, label: grade }))}
          />
          <CheckboxGroupField
            control={control}
            name="languages"
            label="Languages offered"
            data={LANGUAGES.map((language) => ({ value: language.value, label: language.label }))}
          />
          <Group>
            <CheckboxField control={control} name="shuffleQuestions" label="Shuffle the questions for each learner" />
            <CheckboxField control={control} name="shuffleOptions" label="Shuffle the options for each learner" />
          </Group>

          <Stack gap="xs">
            <Text fw={500} size="sm">
              Sitting windows (your time)
            </Text>
            {windows.fields.length === 0 && (
              <Text size="sm" c="dimmed">
                No window: learners cannot start until one is added.
              </Text>
            )}
            {windows.fields.map((window, index) => (
              <Group key={window.id} align="flex-start" gap="xs" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, xs: 2 }} style={{ flex: 1 }}>
                  <TextField control={control} name={`sittingWindows.${index}.startsAt`} label={`Window ${index + 1} starts`} type="datetime-local" />
                  <TextField control={control} name={`sittingWindows.${index}.endsAt`} label={`Window ${index + 1} ends`} type="datetime-local" />
                </SimpleGrid>
                <ActionIcon mt={28} variant="subtle" color="red" aria-label={`Remove window ${index + 1}`} onClick={() => windows.remove(index)}>
                  ✕
                </ActionIcon>
              </Group>
            ))}
            <Button variant="light" size="compact-sm" w="fit-content" onClick={() => windows.append({ startsAt: '', endsAt: '' })}>
              Add a window
            </Button>
          </Stack>

          {offered.map((language) => (
            <RichTextField
              key={`instructions-${language.value}`}
              control={control}
              name={`instructions.${language.value}`}
              label={`Instructions (${language.label})`}
              lang={language.value}
            />
          ))}
          {offered.map((language) => (
            <RichTextField
              key={`declaration-${language.value}`}
              control={control}
              name={`declaration.${language.value}`}
              label={`Declaration (${language.label})`}
              description="What the learner agrees to before starting."
              lang={language.value}
            />
          ))}
          <Group justify="flex-end">
            <SubmitButton submitting={submitting}>Save settings</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
