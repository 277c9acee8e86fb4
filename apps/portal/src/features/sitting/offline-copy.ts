// The learner's sitting and paper as the server last gave them, kept on the device, so that a page
// opened without a network (a phone that dropped the tab, a school router without power) shows the
// same question with the same answers and lets the learner go on writing; the answers wait in the
// answer queue as always. Offline there is no server clock: the copy counts down from its last
// reading with the device's own clock, and the server's clock takes over at its first answer.
import { readStoredUser } from '@olympiad/shared/session/stored-user';
import type { SittingView } from './api/get-sitting';
import type { LearnerPaper } from './api/get-paper';
import { deviceStorage, type QueuedAnswer, type StorageLike } from './answer-queue';
import { secondsLeft, type ClockAnchor } from './countdown';
import { mergeAnswers } from './merge-answers';
import type { ClockReading } from './use-server-clock';

const COPY_KEY = 'olympiad.sitting-copy';

type Copy = {
  /** The signed-in user it belongs to: a shared device never shows one learner another's paper. */
  userId: number;
  sitting: SittingView;
  paper: LearnerPaper | null;
  /** The latest reading of the server's clock, and the device's time (ms, Date.now) when it came. */
  clock: ClockAnchor;
};

function read(storage: StorageLike | null, userId: number): Copy | null {
  try {
    const copy = JSON.parse(storage?.getItem(COPY_KEY) ?? 'null') as Copy | null;
    return copy?.userId === userId && copy.sitting ? copy : null;
  } catch {
    return null;
  }
}

function write(storage: StorageLike | null, copy: Copy): void {
  try {
    storage?.setItem(COPY_KEY, JSON.stringify(copy));
  } catch {
    // A full storage keeps the previous copy; the answers themselves are in the queue's own key.
  }
}

/** The clock of an attempt seen `now`: a running clock has gone on since its reading, a paused one stood. */
function aged<A extends { status: string; remainingSeconds?: number | null; paused: boolean }>(attempt: A, clock: ClockAnchor, now: number): A {
  if (attempt.status !== 'writing') return attempt;
  return { ...attempt, paused: clock.paused, remainingSeconds: secondsLeft(clock, Math.max(now, clock.at)) };
}

function withClock(view: SittingView, clock: ClockAnchor, now: number): SittingView {
  return view.attempt ? { ...view, attempt: aged(view.attempt, clock, now) } : view;
}

function readingOf(view: SittingView): ClockReading {
  return { remainingSeconds: view.attempt?.remainingSeconds ?? 0, paused: view.attempt?.paused ?? false };
}

export type OfflineCopy = {
  /** Keeps the server's answer to GET /api/sitting. */
  keepSitting: (view: SittingView) => void;
  /** Keeps the server's answer to GET /api/sitting/paper. */
  keepPaper: (paper: LearnerPaper) => void;
  /** A new reading of the server's clock (a progress ping's answer). */
  keepClock: (reading: ClockReading) => void;
  /** Answers the server has acknowledged: the paper's copy shows them after a reload. */
  keepSaved: (answers: QueuedAnswer[]) => void;
  sitting: () => SittingView | null;
  paper: () => LearnerPaper | null;
  forget: () => void;
};

export function offlineCopy(storage: StorageLike | null, userId: number | null, now: () => number = Date.now): OfflineCopy {
  const update = (change: (copy: Copy) => Copy) => {
    if (userId === null) return;
    const copy = read(storage, userId);
    if (copy) write(storage, change(copy));
  };
  return {
    keepSitting(view) {
      if (userId === null) return;
      // The attempt key is the device's secret, kept under its own key; the copy needs none of it.
      const sitting = { ...view, attemptKey: null };
      const before = read(storage, userId);
      const sameAttempt = before?.paper?.sitting.attempt?.id === view.attempt?.id && view.attempt !== null;
      write(storage, { userId, sitting, paper: sameAttempt ? before!.paper : null, clock: { ...readingOf(view), at: now() } });
    },
    keepPaper(paper) {
      if (userId === null) return;
      const sitting = { ...paper.sitting, attemptKey: null };
      write(storage, { userId, sitting, paper: { ...paper, sitting }, clock: { ...readingOf(paper.sitting), at: now() } });
    },
    keepClock(reading) {
      update((copy) => ({ ...copy, clock: { ...reading, at: now() } }));
    },
    keepSaved(answers) {
      update((copy) => {
        if (!copy.paper) return copy;
        const merged = [...mergeAnswers(copy.paper.answers, answers)].map(([questionId, answer]) => ({ questionId, ...answer }));
        const attempt = copy.sitting.attempt;
        const lastSeq = Math.max(attempt?.lastSeq ?? 0, ...answers.map((answer) => answer.seq));
        const sitting = attempt ? { ...copy.sitting, attempt: { ...attempt, lastSeq } } : copy.sitting;
        return { ...copy, sitting, paper: { ...copy.paper, sitting, answers: merged } };
      });
    },
    sitting() {
      if (userId === null) return null;
      const copy = read(storage, userId);
      return copy ? withClock(copy.sitting, copy.clock, now()) : null;
    },
    paper() {
      if (userId === null) return null;
      const copy = read(storage, userId);
      return copy?.paper ? { ...copy.paper, sitting: withClock(copy.paper.sitting, copy.clock, now()) } : null;
    },
    forget() {
      try {
        storage?.removeItem(COPY_KEY);
      } catch {
        // Nothing kept.
      }
    },
  };
}

/** The copy of the learner signed in on this device. */
export function deviceCopy(): OfflineCopy {
  return offlineCopy(deviceStorage(), readStoredUser()?.id ?? null);
}
