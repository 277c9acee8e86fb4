// The bar above each question: the time left (the server's), and whether the answers are saved. Screen
// readers hear the time only at 10, 5 and 1 minutes and at the end, and the saving only when the
// network goes or comes back.
import { useEffect, useRef, useState } from 'react';
import { formatClock } from '../countdown';
import type { QueueState } from '../answer-queue';
import { useWords } from '../language';

type SittingBarProps = { left: number; paused: boolean; announced: number | null; queue: QueueState };

export function SittingBar({ left, paused, announced, queue }: SittingBarProps) {
  const words = useWords();
  const saving = saveState(queue);
  const [said, setSaid] = useState('');
  const offlineBefore = useRef(false);

  useEffect(() => {
    if (announced !== null) setSaid(words.announce(announced));
  }, [announced, words]);

  useEffect(() => {
    const offline = saving === 'offline';
    if (offline !== offlineBefore.current) setSaid(offline ? words.offlineWaiting(queue.waiting) : words.saved);
    offlineBefore.current = offline;
  }, [saving, queue.waiting, words]);

  const saveText = {
    saved: words.saved,
    saving: words.saving,
    offline: words.offlineWaiting(queue.waiting),
    paused: words.pausedWaiting(queue.waiting),
  }[saving];

  return (
    <div className="sitting-bar">
      <div className={`sitting-clock${left <= 300 ? ' sitting-clock--low' : ''}`} role="timer" aria-live="off">
        <span className="sitting-clock__label">{paused ? words.paused : words.timeLeft}</span>
        <span className="sitting-clock__time">{formatClock(left)}</span>
      </div>
      <p className={`sitting-save sitting-save--${saving}`} data-state={saving}>
        <span className="sitting-save__dot" aria-hidden="true" />
        {saveText}
      </p>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}

type SaveState = 'saved' | 'saving' | 'offline' | 'paused';

/** What the learner is told about their answers: honest about what has reached the server. */
export function saveState(queue: QueueState): SaveState {
  if (queue.waiting === 0 && !queue.sending) return 'saved';
  if (queue.offline) return 'offline';
  if (queue.paused) return 'paused';
  return 'saving';
}
