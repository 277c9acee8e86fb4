// /:olympiadName/olympiad/instructions: the olympiad's instructions and its sitting window; the way on
// to wherever the learner is; and, when another device holds the attempt, the recovery-code entry.
import { Link, useParams } from 'react-router-dom';
import { parseServerTime } from '@olympiad/shared/lib/server-time';
import type { SittingView } from '../api/get-sitting';
import { useLanguage, useWords } from '../language';
import { stepLink, type Step } from '../sitting-steps';
import { formatWhen } from '../words';
import { RecoveryEntry } from './recovery-entry';
import { inLanguage, OlympiadText, SittingCard, SittingScreen } from './sitting-screen';

export function InstructionsScreen() {
  const words = useWords();
  return (
    <SittingScreen title={words.instructionsTitle} serves="every">
      {(view, step) => <Instructions view={view} step={step} />}
    </SittingScreen>
  );
}

function Instructions({ view, step }: { view: SittingView; step: Step }) {
  const { olympiadName = '' } = useParams();
  const words = useWords();
  const language = useLanguage();
  const { olympiad } = view;
  const opens = parseServerTime(olympiad.windowStartsAt);
  const closes = parseServerTime(olympiad.windowEndsAt);
  const now = parseServerTime(view.serverTime);
  const windowIsOpen = opens !== null && now !== null && opens <= now;
  const instructions = inLanguage(olympiad.instructions, language);
  const onward: Record<Exclude<Step, 'recovery'>, string> = {
    declaration: words.toDeclaration,
    recoveryPin: words.whereYouWere,
    learnerDetails: words.whereYouWere,
    questions: words.backToQuestions,
    finished: words.seeSummary,
  };

  return (
    <SittingCard view={view} stepNumber={1} title={words.instructionsTitle}>
      <p className="sitting-card__lead">{olympiad.title}</p>
      {instructions && <OlympiadText html={instructions} />}
      <ul className="sitting-facts">
        {opens && closes && (
          <li>{windowIsOpen ? words.windowOpen(formatWhen(opens, language), formatWhen(closes, language)) : words.windowNext(formatWhen(opens, language), formatWhen(closes, language))}</li>
        )}
        <li>{words.duration(olympiad.durationMinutes)}</li>
      </ul>
      {step === 'recovery' ? (
        <RecoveryEntry />
      ) : (
        <>
          {!olympiad.isOpen && step === 'declaration' && (
            <p className="lean-alert lean-alert--info" role="status">
              {words.closed}
            </p>
          )}
          <div className="lean-actions">
            {(olympiad.isOpen || step !== 'declaration') && (
              <Link className="lean-button" {...stepLink(olympiadName, view.attempt)}>
                {onward[step]}
              </Link>
            )}
          </div>
        </>
      )}
    </SittingCard>
  );
}
