// The frame of every learner screen: loads where the learner is, shows the sitting's language, sends
// a learner who is on the wrong screen to the right one, leads to the recovery-code entry when
// another device holds the attempt, and keeps the learner's pages on the device for offline use.
import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ApiError } from '@olympiad/shared/api/envelope';
import { useSitting, type SittingView } from '../api/get-sitting';
import { chooseLanguage, followSitting, LANGUAGE_NAMES, useLanguage, useWords, type Language } from '../language';
import { keepPagesOffline } from '../offline-pages';
import { stepLink, stepOf, type Step } from '../sitting-steps';
import { RichText } from '@olympiad/shared/ui/lean/rich-text';
import '../sitting.css';

type SittingScreenProps = {
  /** The screen's title, in the learner's language: the heading also when the sitting cannot be loaded. */
  title: string;
  /** The steps this screen serves; a learner at another step is sent to it. */
  serves: Step[] | 'every';
  children: (view: SittingView, step: Step) => ReactNode;
};

export function SittingScreen({ title, serves, children }: SittingScreenProps) {
  const { olympiadName = '' } = useParams();
  const sitting = useSitting();
  const words = useWords();
  const view = sitting.data;

  useEffect(() => {
    if (view) followSitting(view);
  }, [view]);

  useEffect(() => keepPagesOffline(olympiadName), [olympiadName]);

  if (sitting.isPending) return <LearnerLoading />;
  if (!view) {
    // 404: no entry in this olympiad; 403: not a learner (Finished is open to anyone signed in).
    const status = sitting.error instanceof ApiError ? sitting.error.failure.status : undefined;
    const refusal = status === 404 ? words.notEntered : status === 403 ? words.notLearner : undefined;
    return (
      <section className="sitting-card" aria-labelledby="sitting-card-title">
        <h1 id="sitting-card-title" className="sitting-card__title">
          {title}
        </h1>
        <div className="lean-alert lean-alert--error" role="alert">
          <p className="sitting-alert__text">{refusal ?? words.couldNotLoad}</p>
          {!refusal && (
            <button type="button" className="lean-button" onClick={() => sitting.refetch()}>
              {words.tryAgain}
            </button>
          )}
        </div>
      </section>
    );
  }
  const step = stepOf(view.attempt);
  if (serves !== 'every' && !serves.includes(step)) {
    const { to, state } = stepLink(olympiadName, view.attempt);
    return <Navigate to={to} replace state={state} />;
  }
  return <>{children(view, step)}</>;
}

export function LearnerLoading() {
  const words = useWords();
  return (
    <div className="lean-page-loading" role="status">
      <span className="lean-spinner" aria-hidden="true" />
      <span>{words.loading}</span>
    </div>
  );
}

/** A screen before the questions: its step, its title, and the language switch. */
export function SittingCard({
  view,
  stepNumber,
  title,
  languageSwitch = true,
  children,
}: {
  view: SittingView;
  stepNumber?: number;
  title: string;
  /** Off where the screen asks for the language itself (the details). */
  languageSwitch?: boolean;
  children: ReactNode;
}) {
  const words = useWords();
  return (
    <section className="sitting-card" aria-labelledby="sitting-card-title">
      <div className="sitting-card__top">
        {stepNumber !== undefined && (
          <p className="lean-eyebrow">{words.stepOf(stepNumber, STEPS)}</p>
        )}
        {languageSwitch && <LanguageSwitch view={view} />}
      </div>
      <h1 id="sitting-card-title" className="sitting-card__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Instructions, declaration, recovery code, details. */
const STEPS = 4;

/** Before the start, in an olympiad of two languages: each named in its own language. */
function LanguageSwitch({ view }: { view: SittingView }) {
  const current = useLanguage();
  const languages = view.olympiad.languages;
  if (languages.length < 2 || (view.attempt && view.attempt.status !== 'preparing')) return null;
  return (
    <fieldset className="sitting-language">
      <legend className="visually-hidden">Language · Taal</legend>
      {languages.map((language) => (
        <label key={language} className="lean-choice">
          <input
            type="radio"
            name="sitting-language"
            value={language}
            checked={current === language}
            onChange={() => chooseLanguage(language)}
          />
          <span lang={language}>{LANGUAGE_NAMES[language]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The olympiad's own text (sanitised HTML from the server). */
export function OlympiadText({ html }: { html: string }) {
  return <RichText className="sitting-text" html={html} />;
}

/** The olympiad's text in the language shown, else in the other. */
export function inLanguage(texts: Record<string, string>, language: Language): string {
  return texts[language]?.trim() ? (texts[language] ?? '') : (Object.values(texts).find((text) => text.trim() !== '') ?? '');
}
