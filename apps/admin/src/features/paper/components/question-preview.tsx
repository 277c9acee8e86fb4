// The live preview: the question exactly as the learner's screen shows it (the same component), in each
// offered language. Answers given here are only for trying it out and are never saved.
import { useState } from 'react';
import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { QuestionView, type QuestionViewAnswer } from '@olympiad/shared/ui/lean/question-view';
import { useFileUrl } from '@olympiad/shared/api/file-url';
import { LANGUAGES, type Language } from '../api/paper-types';
import { learnerQuestionOf, type QuestionFormValues } from '../question-form';

type QuestionPreviewProps = {
  form: QuestionFormValues;
  languages: Language[];
  /** The served address of the chosen image, if any. */
  imagePath: string | null;
};

export function QuestionPreview({ form, languages, imagePath }: QuestionPreviewProps) {
  const [language, setLanguage] = useState<Language>(languages[0] ?? 'en');
  const [answer, setAnswer] = useState<{ kind: string; value: QuestionViewAnswer }>({ kind: form.kind, value: [] });
  const imageUrl = useFileUrl(imagePath);
  const shown = languages.includes(language) ? language : (languages[0] ?? 'en');
  // A change of kind starts the trial answer afresh, in the shape that kind takes.
  const value = answer.kind === form.kind ? answer.value : form.kind === 'numeric' || form.kind === 'shortText' ? '' : [];

  return (
    <Stack gap="xs" aria-label="Preview" role="region">
      <Text fw={600}>Preview as the learner sees it</Text>
      {languages.length > 1 && (
        <SegmentedControl
          aria-label="Preview language"
          value={shown}
          onChange={(next) => setLanguage(next as Language)}
          data={LANGUAGES.filter((l) => languages.includes(l.value)).map((l) => ({ value: l.value, label: l.label }))}
        />
      )}
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" maw={440}>
        <QuestionView
          question={learnerQuestionOf(form, shown, imagePath ? imageUrl : null)}
          language={shown}
          answer={value}
          onAnswer={(next) => setAnswer({ kind: form.kind, value: next })}
        />
      </Paper>
      <Text size="xs" c="dimmed">
        Try it out: answers here are not saved. Options are shuffled for learners when the olympiad says so.
      </Text>
    </Stack>
  );
}
