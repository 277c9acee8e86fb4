// "Finish the olympiad?": how many questions are unanswered or flagged, and the answers still on the
// device. Shown in place of the question (no pop-up to lose on a small phone), with the focus on it.
import { useEffect, useRef } from 'react';
import { useWords } from '../language';

type FinishPanelProps = {
  unanswered: number;
  flagged: number;
  /** Answers that could not be sent: finishing now would lose them. */
  waiting: number | null;
  busy: boolean;
  failure: string | null;
  onFinish: () => void;
  onBack: () => void;
};

export function FinishPanel({ unanswered, flagged, waiting, busy, failure, onFinish, onBack }: FinishPanelProps) {
  const words = useWords();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="sitting-finish" aria-labelledby="sitting-finish-title">
      <h1 id="sitting-finish-title" className="sitting-finish__title" tabIndex={-1} ref={heading}>
        {words.finishTitle}
      </h1>
      <ul className="sitting-facts">
        <li>{unanswered > 0 ? words.finishUnanswered(unanswered) : words.finishAllAnswered}</li>
        {flagged > 0 && <li>{words.finishFlagged(flagged)}</li>}
        <li>{words.finishFinal}</li>
      </ul>
      {waiting !== null && waiting > 0 && (
        <p className="lean-alert lean-alert--error" role="alert">
          {words.finishWaiting(waiting)}
        </p>
      )}
      {failure && (
        <p className="lean-alert lean-alert--error" role="alert">
          {failure}
        </p>
      )}
      <div className="lean-actions">
        <button type="button" className="lean-button" onClick={onFinish} disabled={busy}>
          {words.finishYes}
        </button>
        <button type="button" className="lean-button lean-button--quiet" onClick={onBack}>
          {words.finishNo}
        </button>
      </div>
    </section>
  );
}
