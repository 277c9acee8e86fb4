// The copy of the sitting kept on the device: only for its own learner, the clock going on offline
// (standing while paused), and acknowledged answers shown after a reload.
import { describe, expect, it } from 'vitest';
import type { SittingView } from './api/get-sitting';
import type { LearnerPaper } from './api/get-paper';
import { offlineCopy } from './offline-copy';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function sitting(attempt: Partial<NonNullable<SittingView['attempt']>> = {}): SittingView {
  return {
    serverTime: '2026-11-22T09:00:00Z',
    attemptKey: '7.secret',
    olympiad: {} as SittingView['olympiad'],
    learner: {} as SittingView['learner'],
    attempt: {
      id: 7,
      status: 'writing',
      onThisDevice: true,
      recoveryCodeIssued: true,
      declarationAcceptedAt: '2026-11-22T08:55:00Z',
      paused: false,
      questionCount: 6,
      answeredCount: 1,
      lastSeq: 3,
      lastPosition: '1/2',
      remainingSeconds: 600,
      ...attempt,
    },
  };
}

function paper(view: SittingView = sitting()): LearnerPaper {
  return {
    language: 'en',
    modules: [],
    moduleClocks: [],
    sitting: view,
    answers: [{ questionId: 11, answer: 'Orange', flagged: false, seq: 3 }],
  } as LearnerPaper;
}

describe('the copy of the sitting on the device', () => {
  it('counts the clock down from its last reading, and stands while the sitting is paused', () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const copy = offlineCopy(storage, 5, () => now);
    copy.keepSitting(sitting());
    now += 90_500;
    expect(copy.sitting()?.attempt?.remainingSeconds).toBe(510);
    copy.keepClock({ remainingSeconds: 400, paused: true });
    now += 3_600_000;
    expect(copy.sitting()?.attempt).toMatchObject({ remainingSeconds: 400, paused: true });
    copy.keepClock({ remainingSeconds: 400, paused: false });
    now += 500_000;
    expect(copy.sitting()?.attempt?.remainingSeconds).toBe(0);
  });

  it('keeps no attempt key, and shows nothing to another learner', () => {
    const storage = memoryStorage();
    offlineCopy(storage, 5).keepSitting(sitting());
    expect(offlineCopy(storage, 5).sitting()?.attemptKey).toBeNull();
    expect(offlineCopy(storage, 6).sitting()).toBeNull();
    expect(offlineCopy(storage, null).sitting()).toBeNull();
  });

  it('shows the answers the server acknowledged, never an older one over a newer', () => {
    const storage = memoryStorage();
    const copy = offlineCopy(storage, 5);
    copy.keepPaper(paper());
    copy.keepSaved([
      { questionId: 11, answer: 'Blue', flagged: true, seq: 5 },
      { questionId: 12, answer: ['a', 'b'], flagged: false, seq: 4 },
    ]);
    copy.keepSaved([{ questionId: 11, answer: 'Green', flagged: false, seq: 2 }]);
    const kept = copy.paper();
    expect(kept?.answers).toEqual([
      { questionId: 11, answer: 'Blue', flagged: true, seq: 5 },
      { questionId: 12, answer: ['a', 'b'], flagged: false, seq: 4 },
    ]);
    expect(kept?.sitting.attempt?.lastSeq).toBe(5);
  });

  it('keeps the paper while the sitting of the same attempt is kept again, and forgets it all', () => {
    const storage = memoryStorage();
    const copy = offlineCopy(storage, 5);
    copy.keepPaper(paper());
    copy.keepSitting(sitting({ answeredCount: 2 }));
    expect(copy.paper()?.answers).toHaveLength(1);
    copy.keepSitting(sitting({ id: 8 }));
    expect(copy.paper()).toBeNull();
    copy.forget();
    expect(copy.sitting()).toBeNull();
  });
});
