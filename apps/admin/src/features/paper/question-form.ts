// The question editor's form: its zod schema, the form values of a saved question, what is sent to the
// server, and what the learner would see (for the live preview). Option texts are written as plain
// text here and sent as HTML-escaped text; the stem is rich text.
import { z } from 'zod';
import { localizedSchema as localized } from './localized-schema';
import type { QuestionViewQuestion } from '@olympiad/shared/ui/lean/question-view';
import type { Language, Localized, QuestionInput, QuestionKind, QuestionView } from './api/paper-types';
import { limits } from '@olympiad/shared/lib/field-limits';

const { marks, difficulty } = limits.QuestionInput;
const { tolerance } = limits.QuestionContent;

export const KINDS = ['singleChoice', 'multipleChoice', 'trueFalse', 'numeric', 'shortText'] as const satisfies readonly QuestionKind[];


export const questionFormSchema = z
  .object({
    kind: z.enum(KINDS),
    marks: z.number({ error: 'Enter the marks' }).int('Whole marks only').min(marks.minimum, `At least ${marks.minimum}`).max(marks.maximum, `At most ${marks.maximum}`),
    difficulty: z.number({ error: 'Enter the difficulty' }).int().min(difficulty.minimum, `From ${difficulty.minimum} to ${difficulty.maximum}`).max(difficulty.maximum, `From ${difficulty.minimum} to ${difficulty.maximum}`),
    stem: localized,
    options: z.array(z.object({ key: z.string(), text: localized, correct: z.boolean() })),
    /** For true or false: '' until the author chooses. */
    truth: z.enum(['', 'true', 'false']),
    numericAnswer: z.number().optional(),
    tolerance: z.number().min(tolerance.minimum, 'Cannot be negative').optional(),
    /** One accepted answer a line. */
    acceptedAnswers: z.string(),
    explanation: localized,
    attachmentId: z.number().nullable(),
  })
  .superRefine((form, context) => {
    // Only what cannot be saved at all is refused here; a missing correct answer is a draft that Verify
    // reports.
    if (form.kind === 'singleChoice' || form.kind === 'multipleChoice') {
      const keys = form.options.map((option) => option.key);
      if (new Set(keys).size !== keys.length) {
        context.addIssue({ code: 'custom', path: ['options'], message: 'Two options share a letter.' });
      }
    }
  });

export type QuestionFormValues = z.input<typeof questionFormSchema>;

/** The next free option letter: a, b, c, … */
export function nextOptionKey(keys: string[]): string {
  for (let code = 97; code <= 122; code += 1) {
    const key = String.fromCharCode(code);
    if (!keys.includes(key)) return key;
  }
  return `o${keys.length + 1}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The text of stored (sanitised) HTML, for the plain option fields. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function mapLocalized(texts: Localized, change: (text: string) => string): Localized {
  return Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, change(text)]));
}

function withoutBlanks(texts: Localized): Localized {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
}

export function emptyQuestionForm(): QuestionFormValues {
  return {
    kind: 'singleChoice',
    marks: 1,
    difficulty: 3,
    stem: {},
    options: [
      { key: 'a', text: {}, correct: false },
      { key: 'b', text: {}, correct: false },
    ],
    truth: '',
    numericAnswer: undefined,
    tolerance: undefined,
    acceptedAnswers: '',
    explanation: {},
    attachmentId: null,
  };
}

export function questionFormOf(question: QuestionView): QuestionFormValues {
  const { content } = question;
  const truth = question.kind === 'trueFalse' ? content.correct[0] : undefined;
  return {
    kind: question.kind,
    marks: question.marks,
    difficulty: question.difficulty,
    stem: { ...content.stem },
    options:
      question.kind === 'singleChoice' || question.kind === 'multipleChoice'
        ? content.options.map((option) => ({
            key: option.key,
            text: mapLocalized(option.text, htmlToText),
            correct: content.correct.includes(option.key),
          }))
        : emptyQuestionForm().options,
    truth: truth === 'true' || truth === 'false' ? truth : '',
    numericAnswer: content.numericAnswer ?? undefined,
    tolerance: content.tolerance ?? undefined,
    acceptedAnswers: content.acceptedAnswers.join('\n'),
    explanation: mapLocalized(content.explanation, htmlToText),
    attachmentId: question.attachmentId ?? null,
  };
}

/** What the server is sent: only what the question's kind uses. */
export function questionInputOf(form: z.output<typeof questionFormSchema>, moduleId?: number): QuestionInput {
  const choice = form.kind === 'singleChoice' || form.kind === 'multipleChoice';
  const input: QuestionInput = {
    kind: form.kind,
    marks: form.marks,
    difficulty: form.difficulty,
    attachmentId: form.attachmentId,
    content: {
      stem: withoutBlanks(form.stem),
      options: choice
        ? form.options.map((option) => ({ key: option.key, text: withoutBlanks(mapLocalized(option.text, (t) => escapeHtml(t.trim()))) }))
        : [],
      correct: choice
        ? form.options.filter((option) => option.correct).map((option) => option.key)
        : form.kind === 'trueFalse' && form.truth !== ''
          ? [form.truth]
          : [],
      numericAnswer: form.kind === 'numeric' ? (form.numericAnswer ?? null) : null,
      tolerance: form.kind === 'numeric' ? (form.tolerance ?? null) : null,
      acceptedAnswers:
        form.kind === 'shortText'
          ? form.acceptedAnswers
              .split('\n')
              .map((answer) => answer.trim())
              .filter(Boolean)
          : [],
      explanation: withoutBlanks(mapLocalized(form.explanation, (t) => escapeHtml(t.trim()))),
    },
  };
  if (moduleId !== undefined) input.moduleId = moduleId;
  return input;
}

/** The question as the learner will see it in `language`: no correct answers. */
export function learnerQuestionOf(form: QuestionFormValues, language: Language, imageUrl: string | null): QuestionViewQuestion {
  const question: QuestionViewQuestion = { kind: form.kind, stem: form.stem[language] ?? '', imageUrl };
  if (form.kind === 'singleChoice' || form.kind === 'multipleChoice') {
    question.options = form.options.map((option) => ({ key: option.key, text: escapeHtml(option.text[language] ?? '') }));
  }
  return question;
}

/** The stem's first words, for lists. */
export function stemExcerpt(stem: Localized, length = 90): string {
  const html = stem.en ?? Object.values(stem)[0] ?? '';
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** Whether the question says what is right (else it is a draft). */
export function hasCorrectAnswer(form: QuestionFormValues): boolean {
  switch (form.kind) {
    case 'singleChoice':
    case 'multipleChoice':
      return (form.options ?? []).some((option) => option.correct);
    case 'trueFalse':
      return form.truth !== '';
    case 'numeric':
      return typeof form.numericAnswer === 'number';
    case 'shortText':
      return form.acceptedAnswers.trim() !== '';
  }
}
