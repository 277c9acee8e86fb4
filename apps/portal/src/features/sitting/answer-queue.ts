// The learner's answers on their way to the server. Every change is written to local storage first
// (the latest answer per question, with its sequence number), then sent; an answer leaves the queue
// only when the server has said it is durable, and only if it has not changed since it was sent.
// What waits is sent again when the network returns, when the page is shown again, and on a backoff
// timer, and it survives a reload. One request is in flight at a time: changes made meanwhile go in
// the next one, so a slow network coalesces them instead of piling requests up.
import type { ApiResult } from '@olympiad/shared/api/envelope';
import { limits } from '@olympiad/shared/lib/field-limits';

export type AnswerValue = string[] | string;

/** One save: the question's latest answer (null clears it), its flag, and the device's sequence number. */
export type QueuedAnswer = { questionId: number; answer: AnswerValue | null; flagged: boolean; seq: number };

/** The server takes at most this many answers a call. */
export const MAX_BATCH = limits.SaveInput.answers.maxItems;

/** Backoff between failed sends: from 1 s, doubling, at most 30 s, each shortened by up to half at random. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/**
 * Refusals after which sending again cannot help: the time is up, the attempt has finished, another
 * device holds it, a teacher reset it, or the session ended. The answers stay on the device.
 */
export type StopReason = 'time_up' | 'finished' | 'other_device' | 'no_attempt' | 'not_started' | 'signed_out' | (string & {});

export type QueueState = {
  /** Answers not yet acknowledged. */
  waiting: number;
  sending: boolean;
  /** The last send found no network (or the browser says it is offline). */
  offline: boolean;
  /** The server refused because the school's sitting is paused; the answers wait for the resume. */
  paused: boolean;
  stopped: StopReason | null;
};

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type AnswerQueueOptions = {
  attemptId: number;
  /** Posts the answers; the queue reads the outcome from the result. */
  send: (answers: QueuedAnswer[]) => Promise<ApiResult<unknown>>;
  storage?: StorageLike | null;
  /** For the backoff's jitter. */
  random?: () => number;
};

export type AnswerQueue = {
  /** Keeps the change and sends it: at once, or after `delayMs` of quiet (typing). */
  record: (change: Omit<QueuedAnswer, 'seq'>, options?: { delayMs?: number }) => QueuedAnswer;
  /** The answers waiting, oldest first. */
  waiting: () => QueuedAnswer[];
  /** Sequence numbers continue after the server's highest (another device may have saved). */
  continueAfter: (seq: number) => void;
  /** Sends what waits now (the screen opened, the network is back, the page is shown again, the pause ended). */
  wake: () => void;
  /** What the browser says about the network. */
  setOnline: (online: boolean) => void;
  /** Sends until nothing waits; false when a send failed (the answers still wait). */
  drain: () => Promise<boolean>;
  getState: () => QueueState;
  subscribe: (listener: () => void) => () => void;
  /** Sends nothing until woken (the screen is left); what waits stays in storage. */
  sleep: () => void;
  /** Forgets the attempt's answers on this device (it has finished). */
  clear: () => void;
};

type Stored = { lastSeq: number; waiting: QueuedAnswer[] };

/** The browser's local storage, or none where it is refused (a private window of an old browser). */
export function deviceStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const queueStorageKey = (attemptId: number) => `olympiad.answers.${attemptId}`;

/** How many answers of the attempt held by this device still wait to be sent (its key: `<id>.<secret>`). */
export function answersWaitingOnDevice(attemptKey: string | null, storage: StorageLike = window.localStorage): number {
  const attemptId = Number(attemptKey?.split('.')[0]);
  return Number.isInteger(attemptId) && attemptId > 0 ? load(storage, queueStorageKey(attemptId)).waiting.length : 0;
}

/** The attempt has ended: what still waited for it can never be saved. */
export function forgetAnswers(attemptId: number, storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(queueStorageKey(attemptId));
  } catch {
    // Nothing kept.
  }
}

function load(storage: StorageLike | null, key: string): Stored {
  try {
    const text = storage?.getItem(key);
    if (!text) return { lastSeq: 0, waiting: [] };
    const value = JSON.parse(text) as Partial<Stored>;
    const waiting = Array.isArray(value.waiting)
      ? value.waiting.filter((entry) => typeof entry?.questionId === 'number' && typeof entry.seq === 'number')
      : [];
    const lastSeq = Math.max(typeof value.lastSeq === 'number' ? value.lastSeq : 0, ...waiting.map((entry) => entry.seq));
    return { lastSeq, waiting };
  } catch {
    return { lastSeq: 0, waiting: [] };
  }
}

type Outcome =
  | { kind: 'saved' }
  | { kind: 'retry'; offline: boolean; paused: boolean }
  | { kind: 'rejected'; indexes: number[] }
  | { kind: 'stopped'; reason: StopReason };

/** What a save's answer means for the answers in it. */
export function outcomeOf(result: ApiResult<unknown>): Outcome {
  if (result.ok) return { kind: 'saved' };
  if (result.status === 0) return { kind: 'retry', offline: true, paused: false };
  if (result.status === 401) return { kind: 'stopped', reason: 'signed_out' };
  if (result.status === 409) {
    if (result.code === 'paused') return { kind: 'retry', offline: false, paused: true };
    // Answers to a timed module whose time is up can never be saved; the others go again.
    if (result.code === 'module_time_up') {
      const indexes = answerIndexes(result.fields);
      if (indexes.length > 0) return { kind: 'rejected', indexes };
    }
    return { kind: 'stopped', reason: result.code ?? 'refused' };
  }
  if (result.status === 400) {
    // `answers[3].answer`: that answer can never be saved as it is (the question changed under it).
    const indexes = answerIndexes(result.fields);
    if (indexes.length > 0) return { kind: 'rejected', indexes };
    return { kind: 'stopped', reason: result.code ?? 'validation' };
  }
  // 503 busy, 429, a server error, a proxy's page: keep the answers and send again later.
  return { kind: 'retry', offline: false, paused: false };
}

/** The answers a refusal names: `answers[3].answer` is the fourth of the save. */
function answerIndexes(fields: Record<string, string>): number[] {
  return Object.keys(fields)
    .map((field) => /^answers\[(\d+)\]/.exec(field)?.[1])
    .filter((index): index is string => index !== undefined)
    .map(Number);
}

export function createAnswerQueue({ attemptId, send, storage = null, random = Math.random }: AnswerQueueOptions): AnswerQueue {
  const key = queueStorageKey(attemptId);
  const stored = load(storage, key);
  let lastSeq = stored.lastSeq;
  const waiting = new Map<number, QueuedAnswer>(stored.waiting.map((entry) => [entry.questionId, entry]));
  let state: QueueState = { waiting: waiting.size, sending: false, offline: false, paused: false, stopped: null };
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let inFlight: Promise<boolean> | null = null;
  let sleeping = false;

  const update = (changes: Partial<QueueState>) => {
    const next = { ...state, ...changes, waiting: waiting.size };
    if (
      next.waiting === state.waiting &&
      next.sending === state.sending &&
      next.offline === state.offline &&
      next.paused === state.paused &&
      next.stopped === state.stopped
    ) {
      return;
    }
    state = next;
    listeners.forEach((listener) => listener());
  };

  const persist = () => {
    try {
      storage?.setItem(key, JSON.stringify({ lastSeq, waiting: [...waiting.values()] } satisfies Stored));
    } catch {
      // Storage full or refused (private browsing): the answers are still held in memory and sent.
    }
  };

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const schedule = (ms: number) => {
    clearTimer();
    if (sleeping || state.stopped !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void sendNext();
    }, ms);
  };

  const backoff = () => {
    const full = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    failures += 1;
    // Jitter: thousands of phones that lost the same mast do not all come back in the same second.
    schedule(Math.round(full * (0.5 + random() / 2)));
  };

  /** Sends one batch; answers whether the server dealt with it. Afterwards sends again while answers wait. */
  const sendNext = (): Promise<boolean> => {
    if (inFlight) return inFlight;
    if (sleeping || state.stopped !== null || waiting.size === 0) return Promise.resolve(waiting.size === 0);
    clearTimer();
    const batch = [...waiting.values()].sort((a, b) => a.seq - b.seq).slice(0, MAX_BATCH);
    update({ sending: true });
    inFlight = (async () => {
      let outcome: Outcome;
      try {
        outcome = outcomeOf(await send(batch));
      } catch {
        outcome = { kind: 'retry', offline: true, paused: false };
      }
      const acknowledge = (entries: QueuedAnswer[]) => {
        for (const entry of entries) {
          // A change made while this one was on its way stays for the next send.
          if (waiting.get(entry.questionId)?.seq === entry.seq) waiting.delete(entry.questionId);
        }
        persist();
      };
      switch (outcome.kind) {
        case 'saved':
          failures = 0;
          acknowledge(batch);
          update({ sending: false, offline: false, paused: false });
          return true;
        case 'rejected':
          console.warn('answers the server cannot take were dropped', outcome.indexes.map((index) => batch[index]));
          acknowledge(outcome.indexes.map((index) => batch[index]).filter((entry) => entry !== undefined));
          update({ sending: false });
          return true;
        case 'retry':
          update({ sending: false, offline: outcome.offline, paused: outcome.paused });
          backoff();
          return false;
        case 'stopped':
          clearTimer();
          update({ sending: false, stopped: outcome.reason });
          return false;
      }
    })().finally(() => {
      inFlight = null;
      if (failures === 0 && waiting.size > 0 && state.stopped === null && !sleeping) schedule(0);
    });
    return inFlight;
  };

  return {
    record(change, { delayMs = 0 } = {}) {
      lastSeq += 1;
      const entry: QueuedAnswer = { ...change, seq: lastSeq };
      waiting.set(entry.questionId, entry);
      persist();
      update({});
      // While sends fail, the backoff timer (or the network's return) sends it.
      if (failures === 0 && !inFlight) schedule(delayMs);
      return entry;
    },
    waiting: () => [...waiting.values()].sort((a, b) => a.seq - b.seq),
    continueAfter(seq) {
      if (seq > lastSeq) {
        lastSeq = seq;
        persist();
      }
    },
    wake() {
      sleeping = false;
      if (state.stopped !== null) return;
      failures = 0;
      void sendNext();
    },
    setOnline(online) {
      update({ offline: !online });
      if (online) this.wake();
    },
    async drain() {
      failures = 0;
      while (waiting.size > 0) {
        if (state.stopped !== null || sleeping) return false;
        if (!(await sendNext())) return false;
      }
      return true;
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sleep() {
      sleeping = true;
      clearTimer();
    },
    clear() {
      waiting.clear();
      clearTimer();
      try {
        storage?.removeItem(key);
      } catch {
        // nothing kept
      }
      update({});
    },
  };
}
