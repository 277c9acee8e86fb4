// One question as the learner sees it: the stem (sanitised HTML from the server), its image, and the
// answer input of its kind. Plain React and lean CSS, so that the learner's page stays small; the admin's
// preview shows the very same component.
//
// Props:
// - `question`: what the learner may see, never what is right.
//   `kind`: 'singleChoice' | 'multipleChoice' | 'trueFalse' | 'numeric' | 'shortText';
//   `stem`: sanitised HTML in the chosen language;
//   `options`: `{ key, text }` for the choice kinds, `text` sanitised HTML in the chosen language, in the
//   order to show (true-or-false needs none: it offers the keys "true" and "false");
//   `imageUrl`: an address the browser can load (an object URL for files that need the session's token).
// - `language`: 'en' | 'af', for the component's own words and the `lang` of the question.
// - `answer`: `string[]` of option keys for the choice kinds and true-or-false; `string` for numeric
//   and short text. `onAnswer` receives the new answer in the same shape.
// - `disabled`: shows the answer without letting it change (after time is up, say).
import { useId } from 'react';
import './question-view.css';
import { RichText } from './rich-text';

export type QuestionViewKind = 'singleChoice' | 'multipleChoice' | 'trueFalse' | 'numeric' | 'shortText';
export type QuestionViewLanguage = 'en' | 'af';
export type QuestionViewAnswer = string[] | string;

export type QuestionViewQuestion = {
  kind: QuestionViewKind;
  stem: string;
  options?: { key: string; text: string }[];
  imageUrl?: string | null;
};

export type QuestionViewProps = {
  question: QuestionViewQuestion;
  language: QuestionViewLanguage;
  answer: QuestionViewAnswer;
  onAnswer: (answer: QuestionViewAnswer) => void;
  disabled?: boolean;
};

const WORDS = {
  en: {
    chooseOne: 'Choose one answer.',
    chooseAll: 'Choose every answer that is right.',
    true: 'True',
    false: 'False',
    number: 'Your answer (a number)',
    text: 'Your answer',
    image: 'Picture for this question',
    unwritten: (n: number) => `Option ${n} has no text yet`,
  },
  af: {
    chooseOne: 'Kies een antwoord.',
    chooseAll: 'Kies elke antwoord wat reg is.',
    true: 'Waar',
    false: 'Onwaar',
    number: 'Jou antwoord (’n getal)',
    text: 'Jou antwoord',
    image: 'Prent by hierdie vraag',
    unwritten: (n: number) => `Opsie ${n} het nog geen teks nie`,
  },
} as const;

/** Whether rich text shows any words: an option being written in the admin's preview may not yet. */
function hasWords(html: string): boolean {
  return html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';
}

export function QuestionView({ question, language, answer, onAnswer, disabled = false }: QuestionViewProps) {
  const id = useId();
  const words = WORDS[language];
  const stemId = `${id}-stem`;
  const chosen = Array.isArray(answer) ? answer : [];
  const text = typeof answer === 'string' ? answer : '';

  const options =
    question.kind === 'trueFalse'
      ? [
          { key: 'true', text: words.true },
          { key: 'false', text: words.false },
        ]
      : (question.options ?? []);
  const many = question.kind === 'multipleChoice';

  return (
    <div className="question-view" lang={language}>
      <RichText className="question-view__stem" id={stemId} html={question.stem} />
      {question.imageUrl && <img className="question-view__image" src={question.imageUrl} alt={words.image} />}
      {question.kind === 'numeric' || question.kind === 'shortText' ? (
        <div className="question-view__typed">
          <label htmlFor={`${id}-answer`}>{question.kind === 'numeric' ? words.number : words.text}</label>
          <input
            id={`${id}-answer`}
            type="text"
            inputMode={question.kind === 'numeric' ? 'decimal' : 'text'}
            autoComplete="off"
            spellCheck={false}
            value={text}
            disabled={disabled}
            aria-describedby={stemId}
            onChange={(event) => onAnswer(event.currentTarget.value)}
          />
        </div>
      ) : (
        <fieldset className="question-view__options" disabled={disabled} aria-describedby={stemId}>
          <legend>{many ? words.chooseAll : words.chooseOne}</legend>
          {options.map((option, index) => {
            const checked = chosen.includes(option.key);
            return (
              <label key={option.key} className={`question-view__option${checked ? ' question-view__option--chosen' : ''}`}>
                <input
                  type={many ? 'checkbox' : 'radio'}
                  name={`${id}-options`}
                  value={option.key}
                  checked={checked}
                  onChange={() =>
                    onAnswer(many ? (checked ? chosen.filter((key) => key !== option.key) : [...chosen, option.key]) : [option.key])
                  }
                />
                {question.kind === 'trueFalse' ? (
                  <span>{option.text}</span>
                ) : hasWords(option.text) ? (
                  <RichText as="span" html={option.text} />
                ) : (
                  // Names the input, which would otherwise have no name (WCAG 4.1.2).
                  <span className="question-view__unwritten">{words.unwritten(index + 1)}</span>
                )}
              </label>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
