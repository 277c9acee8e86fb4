// How the monitor words a learner's sitting: their name, state, time left, position, last ping.
import { formatDateTime, parseServerTime } from '../../../lib/server-time';
import type { LearnerSitting } from '../api/get-sitting-learners';

export const learnersText = (count: number) => `${count} learner${count === 1 ? '' : 's'}`;

export const learnerName = (learner: LearnerSitting) => `${learner.firstName} ${learner.lastName}`.trim() || learner.username;

export type LearnerState = { label: string; color: string };

/** What the monitor calls a learner's state: stuck and paused say more than "writing". */
export function learnerState(learner: LearnerSitting): LearnerState {
  if (learner.state === 'writing' && learner.paused) return { label: 'Paused', color: 'orange' };
  if (learner.state === 'writing' && learner.stuck) return { label: 'Stuck', color: 'red' };
  const states: Record<string, LearnerState> = {
    notStarted: { label: 'Not started', color: 'gray' },
    preparing: { label: 'Preparing', color: 'blue' },
    writing: { label: 'Writing', color: 'green' },
    finished: { label: 'Finished', color: 'dark' },
  };
  return states[learner.state] ?? { label: learner.state, color: 'gray' };
}

/** `42:05`: minutes and seconds left. */
export function timeLeft(seconds: number | null | undefined): string {
  if (seconds == null) return '';
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Module 2, question 1" from the learner's `2/1`. */
export function positionText(position: string): string {
  const match = /^(\d+)\/(\d+)$/.exec(position);
  return match ? `Module ${match[1]}, question ${match[2]}` : position;
}

/** "40 s ago", "3 min ago", else the time. */
export function lastSeenText(lastSeenAt: string | null | undefined, now = Date.now()): string {
  const seen = parseServerTime(lastSeenAt);
  if (!seen) return 'Never';
  const seconds = Math.max(0, Math.round((now - seen.getTime()) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return formatDateTime(seen);
}

