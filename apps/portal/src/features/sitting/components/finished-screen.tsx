// /:olympiadName/olympiad/finished: the end, the learner's or the clock's, and how many questions they
// answered. No marks: those come with the released results.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { forgetAnswers } from '../answer-queue';
import type { SittingView } from '../api/get-sitting';
import { useWords } from '../language';
import { timeIsUp } from '../sitting-steps';
import { SittingCard, SittingScreen } from './sitting-screen';

export function FinishedScreen() {
  const words = useWords();
  return (
    <SittingScreen title={words.finishedTitle} serves={['finished']}>
      {(view) => <Finished view={view} />}
    </SittingScreen>
  );
}

function Finished({ view }: { view: SittingView }) {
  const words = useWords();
  const location = useLocation();
  const attempt = view.attempt;
  const unsent = (location.state as { unsent?: number } | null)?.unsent ?? 0;
  const byClock =
    attempt?.finishReason === 'time_up' ||
    (attempt?.finishReason == null && ((location.state as { byClock?: boolean } | null)?.byClock === true || (attempt ? timeIsUp(attempt) : false)));

  useEffect(() => {
    // What waited on this device can no longer be saved once the server has ended the attempt.
    if (attempt?.status === 'finished') forgetAnswers(attempt.id);
  }, [attempt?.status, attempt?.id]);

  return (
    <SittingCard view={view} title={words.finishedTitle}>
      <p className="sitting-finished__reason">{byClock ? words.finishedByClock : words.finishedByLearner}</p>
      {attempt && <p className="sitting-finished__count">{words.finishedAnswered(attempt.answeredCount, attempt.questionCount)}</p>}
      {unsent > 0 && <p className="lean-alert lean-alert--error">{words.finishedUnsent(unsent)}</p>}
      <p>{words.finishedNoMarks}</p>
      <p>{words.finishedThanks}</p>
    </SittingCard>
  );
}
