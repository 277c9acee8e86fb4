// The question editor's form: a saved question round-trips through the form, only what the kind uses
// is sent, option texts are escaped, and the learner's preview holds no correct answer.
import { describe, expect, it } from 'vitest';
import { limits } from '@olympiad/shared/lib/field-limits';
import type { QuestionView } from './api/paper-types';
import {
  emptyQuestionForm,
  escapeHtml,
  hasCorrectAnswer,
  htmlToText,
  learnerQuestionOf,
  nextOptionKey,
  questionFormOf,
  questionFormSchema,
  questionInputOf,
  stemExcerpt,
} from './question-form';

const saved: QuestionView = {
  id: 7,
  moduleId: 2,
  position: 3,
  kind: 'singleChoice',
  marks: 2,
  difficulty: 4,
  attachmentId: 5,
  content: {
    stem: { en: '<p>Which is the <b>longest</b> river?</p>', af: '<p>Watter is die langste rivier?</p>' },
    options: [
      { key: 'a', text: { en: 'Orange &amp; Vaal', af: 'Oranje &amp; Vaal' } },
      { key: 'b', text: { en: 'Limpopo', af: 'Limpopo' } },
    ],
    correct: ['a'],
    numericAnswer: null,
    tolerance: null,
    acceptedAnswers: [],
    explanation: { en: 'It rises in Lesotho.' },
  },
};

const parse = (form: unknown) => questionFormSchema.parse(form);

describe('question form', () => {
  it('round-trips a saved question', () => {
    const form = questionFormOf(saved);
    expect(form.options[0]).toEqual({ key: 'a', text: { en: 'Orange & Vaal', af: 'Oranje & Vaal' }, correct: true });
    expect(questionInputOf(parse(form))).toEqual({
      kind: 'singleChoice',
      marks: 2,
      difficulty: 4,
      attachmentId: 5,
      content: { ...saved.content, options: saved.content.options },
    });
    expect(questionInputOf(parse(form), 2).moduleId).toBe(2);
  });

  it('sends only what the kind uses', () => {
    const numeric = { ...questionFormOf(saved), kind: 'numeric' as const, numericAnswer: 23.5, tolerance: 0.5 };
    const input = questionInputOf(parse(numeric));
    expect(input.content.options).toEqual([]);
    expect(input.content.correct).toEqual([]);
    expect([input.content.numericAnswer, input.content.tolerance]).toEqual([23.5, 0.5]);

    const short = { ...emptyQuestionForm(), kind: 'shortText' as const, acceptedAnswers: ' Maseru \n\n maseru city ' };
    expect(questionInputOf(parse(short)).content.acceptedAnswers).toEqual(['Maseru', 'maseru city']);

    const truth = { ...emptyQuestionForm(), kind: 'trueFalse' as const, truth: 'false' as const };
    expect(questionInputOf(parse(truth)).content.correct).toEqual(['false']);
  });

  it('leaves out a language whose field was never typed in', () => {
    const form = { ...emptyQuestionForm(), stem: { en: '<p>Only English</p>', af: undefined } };
    const parsed = questionFormSchema.parse(form);
    expect(parsed.stem).toEqual({ en: '<p>Only English</p>' });
    expect(questionInputOf(parsed).content.stem).toEqual({ en: '<p>Only English</p>' });
  });

  it('keeps a question without a correct answer as a draft, but refuses what cannot be saved', () => {
    const draft = emptyQuestionForm();
    expect(hasCorrectAnswer(draft)).toBe(false);
    expect(questionFormSchema.safeParse(draft).success).toBe(true);
    expect(questionFormSchema.safeParse({ ...draft, difficulty: 6 }).success).toBe(false);
    expect(questionFormSchema.safeParse({ ...draft, marks: undefined }).error?.issues[0]?.message).toBe('Enter the marks');
    const twins = { ...draft, options: [draft.options[0], draft.options[0]] };
    expect(questionFormSchema.safeParse(twins).error?.issues[0]?.message).toBe('Two options share a letter.');
    expect(hasCorrectAnswer(questionFormOf(saved))).toBe(true);
    expect(hasCorrectAnswer({ ...draft, kind: 'numeric', numericAnswer: 0 })).toBe(true);
  });

  it("holds a numeric question's tolerance to the server's minimum", () => {
    const numeric = { ...emptyQuestionForm(), kind: 'numeric' as const, numericAnswer: 22 };
    expect(limits.QuestionContent.tolerance.minimum).toBe(0);
    expect(questionFormSchema.safeParse({ ...numeric, tolerance: 0 }).success).toBe(true);
    const negative = questionFormSchema.safeParse({ ...numeric, tolerance: -0.5 });
    expect(negative.error?.issues[0]).toMatchObject({ path: ['tolerance'], message: 'Cannot be negative' });
  });

  it('shows the learner the question in one language, escaped, without answers', () => {
    const form = questionFormOf(saved);
    form.options[1]!.text.af = '<script>x</script>';
    const learner = learnerQuestionOf(form, 'af', 'blob:map');
    expect(learner).toEqual({
      kind: 'singleChoice',
      stem: '<p>Watter is die langste rivier?</p>',
      imageUrl: 'blob:map',
      options: [
        { key: 'a', text: 'Oranje &amp; Vaal' },
        { key: 'b', text: '&lt;script&gt;x&lt;/script&gt;' },
      ],
    });
    expect(JSON.stringify(learner)).not.toContain('correct');
    expect(learnerQuestionOf({ ...form, kind: 'trueFalse' }, 'en', null).options).toBeUndefined();
  });

  it('names options, escapes and reads text', () => {
    expect(nextOptionKey(['a', 'b', 'd'])).toBe('c');
    expect(escapeHtml('a < b & "c"')).toBe('a &lt; b &amp; &quot;c&quot;');
    expect(htmlToText('<b>H</b><sub>2</sub>O &amp; ice')).toBe('H2O & ice');
    expect(stemExcerpt({ af: '<p>Net&nbsp;Afrikaans</p>' })).toBe('Net Afrikaans');
    expect(stemExcerpt({ en: `<p>${'word '.repeat(40)}</p>` }, 20)).toHaveLength(20);
  });
});
