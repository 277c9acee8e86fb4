// The question editor: kind, marks and difficulty, the stem in each offered language (rich text), the
// options or answer of its kind, an image and an explanation, beside a live preview as the learner will
// see it. A question without a correct answer can be saved: Verify reports it until it is fixed.
import { useFieldArray, useWatch } from 'react-hook-form';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useConfirm } from '@olympiad/shared/ui/confirm/confirm-dialog';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import { FormAlert, NumberField, SubmitButton, TextareaField } from '@olympiad/shared/ui/form/form-fields';
import { RichTextField } from '@olympiad/shared/ui/form/rich-text-field';
import { useSaveQuestion } from '../api/questions';
import { KIND_LABELS, LANGUAGES, type Language, type QuestionView } from '../api/paper-types';
import {
  emptyQuestionForm,
  hasCorrectAnswer,
  KINDS,
  nextOptionKey,
  questionFormOf,
  questionFormSchema,
  questionInputOf,
  type QuestionFormValues,
} from '../question-form';
import { QuestionImageField } from './question-image-field';
import { QuestionPreview } from './question-preview';
import { limits } from '@olympiad/shared/lib/field-limits';

const questionLimits = limits.QuestionInput;

type QuestionEditorProps = {
  olympiadId: number;
  moduleId: number;
  languages: Language[];
  /** The question to change; null for a new one; undefined when the editor is closed. */
  question: QuestionView | null | undefined;
  onClose: () => void;
};

export function QuestionEditor({ olympiadId, moduleId, languages, question, onClose }: QuestionEditorProps) {
  const save = useSaveQuestion(olympiadId);
  const { form, error: formError, submit } = useRecordForm({
    schema: questionFormSchema,
    record: question,
    valuesOf: questionFormOf,
    empty: emptyQuestionForm(),
    save: (valid) => save.mutateAsync({ question: question ?? null, input: questionInputOf(valid, question ? undefined : moduleId) }),
    serverFields: ['marks', 'difficulty'],
    onSaved: onClose,
  });
  const { control, setValue } = form;
  const options = useFieldArray({ control, name: 'options' });
  const values = useWatch({ control }) as QuestionFormValues;
  const confirm = useConfirm();
  const narrow = useMediaQuery('(max-width: 62em)');
  const offered = LANGUAGES.filter((language) => languages.includes(language.value));

  const close = async () => {
    if (form.formState.isDirty) {
      const discard = await confirm({
        title: 'Discard your changes?',
        message: 'This question has changes that are not saved.',
        confirmLabel: 'Discard',
        danger: true,
      });
      if (!discard) return;
    }
    onClose();
  };

  const choice = values.kind === 'singleChoice' || values.kind === 'multipleChoice';
  const draft = !hasCorrectAnswer(values);
  const optionsError = form.formState.errors.options?.message ?? form.formState.errors.options?.root?.message;

  return (
    <Modal
      opened={question !== undefined}
      onClose={() => void close()}
      title={question ? `Question ${question.position}` : 'New question'}
      size="min(1280px, 96vw)"
      fullScreen={narrow}
      closeOnClickOutside={false}
    >
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form onSubmit={submit} noValidate aria-label="Question">
            <FormAlert message={formError} />
            <Stack>
              <SegmentedControl
                aria-label="Kind of question"
                value={values.kind}
                onChange={(kind) => setValue('kind', kind as QuestionFormValues['kind'], { shouldDirty: true })}
                data={KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
                fullWidth
                style={{ flexWrap: 'wrap' }}
              />
              <Group grow align="flex-start">
                <NumberField control={control} name="marks" label="Marks" min={questionLimits.marks.minimum} max={questionLimits.marks.maximum} allowDecimal={false} required />
                <NumberField
                  control={control}
                  name="difficulty"
                  label="Difficulty (1 easy – 5 hard)"
                  min={questionLimits.difficulty.minimum}
                  max={questionLimits.difficulty.maximum}
                  allowDecimal={false}
                  required
                />
              </Group>
              {offered.map((language) => (
                <RichTextField
                  key={language.value}
                  control={control}
                  name={`stem.${language.value}`}
                  label={`Question (${language.label})`}
                  lang={language.value}
                />
              ))}

              {choice && (
                <Stack gap="xs">
                  <Text fw={500} size="sm">
                    Options — tick {values.kind === 'singleChoice' ? 'the correct one' : 'every correct one'}
                  </Text>
                  {options.fields.map((option, index) => (
                    <Group key={option.id} align="flex-start" gap="xs" wrap="nowrap">
                      <Checkbox
                        mt={8}
                        aria-label={`Option ${option.key} is correct`}
                        checked={Boolean(values.options?.[index]?.correct)}
                        radius={values.kind === 'singleChoice' ? 'xl' : undefined}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          (values.options ?? []).forEach((_, other) => {
                            if (other === index) setValue(`options.${other}.correct`, checked, { shouldDirty: true });
                            else if (values.kind === 'singleChoice' && checked) {
                              setValue(`options.${other}.correct`, false, { shouldDirty: true });
                            }
                          });
                        }}
                      />
                      <Text mt={6} fw={600} w={16}>
                        {option.key}
                      </Text>
                      <SimpleGrid cols={{ base: 1, sm: offered.length }} spacing="xs" style={{ flex: 1 }}>
                        {offered.map((language) => (
                          <TextInput
                            key={language.value}
                            aria-label={`Option ${option.key} (${language.label})`}
                            placeholder={language.label}
                            lang={language.value}
                            {...form.register(`options.${index}.text.${language.value}`)}
                          />
                        ))}
                      </SimpleGrid>
                      <ActionIcon
                        mt={4}
                        variant="subtle"
                        color="red"
                        aria-label={`Remove option ${option.key}`}
                        onClick={() => options.remove(index)}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                  ))}
                  {optionsError && (
                    <Text c="red" size="sm">
                      {optionsError}
                    </Text>
                  )}
                  <Button
                    variant="light"
                    size="compact-sm"
                    w="fit-content"
                    onClick={() =>
                      options.append({ key: nextOptionKey((values.options ?? []).map((o) => o.key)), text: {}, correct: false })
                    }
                  >
                    Add option
                  </Button>
                </Stack>
              )}

              {values.kind === 'trueFalse' && (
                <Radio.Group
                  label="The statement is"
                  value={values.truth}
                  onChange={(truth) => setValue('truth', truth as QuestionFormValues['truth'], { shouldDirty: true })}
                >
                  <Group mt={6}>
                    <Radio value="true" label="True" />
                    <Radio value="false" label="False" />
                  </Group>
                </Radio.Group>
              )}

              {values.kind === 'numeric' && (
                <Group grow align="flex-start">
                  <NumberField control={control} name="numericAnswer" label="Correct number" />
                  <NumberField
                    control={control}
                    name="tolerance"
                    label="Tolerance (±)"
                    description="How far from it still counts; empty for exactly."
                    min={limits.QuestionContent.tolerance.minimum}
                  />
                </Group>
              )}

              {values.kind === 'shortText' && (
                <TextareaField
                  control={control}
                  name="acceptedAnswers"
                  label="Accepted answers, one a line"
                  description="Compared without case and spaces; write each language's answer."
                  minRows={3}
                />
              )}

              {draft && (
                <Alert color="yellow" variant="light">
                  No correct answer yet. It can be saved as a draft; Verify Questions reports it and the olympiad cannot
                  open until it is given.
                </Alert>
              )}

              <QuestionImageField control={control} olympiadId={olympiadId} />

              <SimpleGrid cols={{ base: 1, sm: offered.length }}>
                {offered.map((language) => (
                  <Textarea
                    key={language.value}
                    label={`Explanation after the results (${language.label})`}
                    lang={language.value}
                    autosize
                    minRows={2}
                    {...form.register(`explanation.${language.value}`)}
                  />
                ))}
              </SimpleGrid>

              <Group justify="flex-end">
                <Button variant="default" onClick={() => void close()}>
                  Cancel
                </Button>
                <SubmitButton submitting={form.formState.isSubmitting}>{question ? 'Save question' : 'Add question'}</SubmitButton>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 0 }}>
            <QuestionPreview
              form={values}
              languages={languages}
              imagePath={values.attachmentId == null ? null : `/api/attachment/${values.attachmentId}`}
            />
          </div>
        </Grid.Col>
      </Grid>
    </Modal>
  );
}

