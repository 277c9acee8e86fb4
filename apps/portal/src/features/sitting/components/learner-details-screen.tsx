// /:olympiadName/olympiad/learner-details: the learner confirms or corrects their names, grade and
// language of writing (the questions come in it), then starts the clock.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { LeanField } from '@olympiad/shared/ui/lean/lean-field';
import { sittingKeys, type SittingView } from '../api/get-sitting';
import { startSitting } from '../api/start-sitting';
import { handPaper } from '../api/get-paper';
import { getLobby } from '../api/lobby';
import { updateDetails } from '../api/update-details';
import { chooseLanguage, LANGUAGE_NAMES, useLanguage, useWords, type Language } from '../language';
import { sittingMessage } from '../sitting-errors';
import { stepLink } from '../sitting-steps';
import { SittingCard, SittingScreen } from './sitting-screen';
import { LobbyPanel } from './lobby-panel';
import { limits } from '@olympiad/shared/lib/field-limits';

export function LearnerDetailsScreen() {
  const words = useWords();
  return (
    <SittingScreen title={words.detailsTitle} serves={['learnerDetails']}>
      {(view) => <LearnerDetails view={view} />}
    </SittingScreen>
  );
}

type Field = 'firstName' | 'lastName';

function LearnerDetails({ view }: { view: SittingView }) {
  const { olympiadName = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const words = useWords();
  const shown = useLanguage();
  const { learner, olympiad } = view;
  const [firstName, setFirstName] = useState(learner.firstName);
  const [lastName, setLastName] = useState(learner.lastName);
  const [grade, setGrade] = useState(learner.grade);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  /** The learner's window has not opened: they wait in the lobby. */
  const [waiting, setWaiting] = useState(false);
  const languages = olympiad.languages.length > 0 ? olympiad.languages : [learner.language];
  // The language on screen is the learner's latest choice; the questions will come in it.
  const language: Language = languages.includes(shown) ? shown : learner.language;
  const grades = olympiad.grades.includes(learner.grade) || olympiad.grades.length === 0 ? olympiad.grades : [learner.grade, ...olympiad.grades];

  const toQuestions = (started: SittingView) => {
    queryClient.setQueryData(sittingKeys.view(), started);
    const { to, state } = stepLink(olympiadName, started.attempt);
    navigate(to, { state });
  };

  if (waiting) {
    return (
      <SittingCard view={view} stepNumber={4} title={words.lobbyTitle} languageSwitch={false}>
        <LobbyPanel onStarted={toQuestions} />
      </SittingCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (firstName.trim() === '') missing.firstName = words.required;
    if (lastName.trim() === '') missing.lastName = words.required;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setFailure(null);
    setStarting(true);
    try {
      await updateDetails({ firstName: firstName.trim(), lastName: lastName.trim(), grade, language });
      if (!(await getLobby()).open) {
        setWaiting(true);
        return;
      }
      // The start answers with the paper: the questions open without asking for it again.
      const paper = await startSitting();
      handPaper(paper);
      toQuestions(paper.sitting);
    } catch (error) {
      setFailure(sittingMessage(error, words));
      setStarting(false);
    }
  };

  return (
    <SittingCard view={view} stepNumber={4} title={words.detailsTitle} languageSwitch={false}>
      <p>{words.detailsIntro}</p>
      <form onSubmit={submit} noValidate>
        <LeanField
          label={words.firstName}
          name="firstName"
          value={firstName}
          onChange={(event) => setFirstName(event.currentTarget.value)}
          autoComplete="given-name"
          maxLength={limits.DetailsInput.firstName.maxLength}
          error={errors.firstName}
        />
        <LeanField
          label={words.lastName}
          name="lastName"
          value={lastName}
          onChange={(event) => setLastName(event.currentTarget.value)}
          autoComplete="family-name"
          maxLength={limits.DetailsInput.lastName.maxLength}
          error={errors.lastName}
        />
        <div className="lean-field">
          <label htmlFor="learner-grade">{words.grade}</label>
          {grades.length > 0 ? (
            <select id="learner-grade" name="grade" value={grade} onChange={(event) => setGrade(Number(event.currentTarget.value))}>
              {grades.map((option) => (
                <option key={option} value={option}>
                  {words.gradeN(option)}
                </option>
              ))}
            </select>
          ) : (
            <input
              id="learner-grade"
              name="grade"
              type="number"
              inputMode="numeric"
              min={limits.DetailsInput.grade.minimum}
              max={limits.DetailsInput.grade.maximum}
              value={grade}
              onChange={(event) => setGrade(Number(event.currentTarget.value))}
            />
          )}
        </div>
        {learner.schoolName && (
          <p>
            {words.school}: <strong>{learner.schoolName}</strong>
          </p>
        )}
        {languages.length > 1 && (
          <fieldset className="lean-fieldset">
            <legend>{words.writingLanguage}</legend>
            <div className="lean-choices">
              {languages.map((option) => (
                <label key={option} className="lean-choice">
                  <input type="radio" name="language" value={option} checked={language === option} onChange={() => chooseLanguage(option)} />
                  <span lang={option}>{LANGUAGE_NAMES[option]}</span>
                </label>
              ))}
            </div>
            <p className="lean-field__hint">{words.writingLanguageHint}</p>
          </fieldset>
        )}
        <p className="lean-alert lean-alert--info">{words.startNote(olympiad.durationMinutes)}</p>
        {failure && (
          <p className="lean-alert lean-alert--error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="lean-button lean-button--block" disabled={starting}>
          {words.start}
        </button>
      </form>
    </SittingCard>
  );
}
