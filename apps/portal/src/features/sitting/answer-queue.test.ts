// The answer queue: kept on the device first, sent at once, removed only when acknowledged, sent again
// when the network returns, and the same after a reload.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult, ErrorCode } from '@olympiad/shared/api/envelope';
import { answersWaitingOnDevice, createAnswerQueue, MAX_BATCH, queueStorageKey, type QueuedAnswer } from './answer-queue';

const saved: ApiResult<unknown> = { ok: true, status: 200, data: { saved: 1 }, body: null };
const failure = (status: number, code: ErrorCode | null = null, fields: Record<string, string> = {}): ApiResult<unknown> => ({
  ok: false,
  status,
  code,
  message: 'refused',
  fields,
  body: null,
});
const offline = failure(0);

type Sent = QueuedAnswer[];

/** A fake server: records each call and answers from `answers` in turn (or with `saved`). */
function server() {
  const calls: Sent[] = [];
  const answers: (ApiResult<unknown> | Promise<ApiResult<unknown>>)[] = [];
  const send = vi.fn(async (batch: QueuedAnswer[]) => {
    calls.push(batch.map((entry) => ({ ...entry })));
    return answers.shift() ?? saved;
  });
  return { calls, answers, send };
}

function deferred() {
  let resolve: (result: ApiResult<unknown>) => void = () => {};
  const promise = new Promise<ApiResult<unknown>>((done) => (resolve = done));
  return { promise, resolve };
}

const stored = (attemptId = 7) => JSON.parse(window.localStorage.getItem(queueStorageKey(attemptId)) ?? 'null');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the answer queue', () => {
  it('keeps each change on the device before sending it, and forgets it once the server has it', async () => {
    const { calls, answers, send } = server();
    const pending = deferred();
    answers.push(pending.promise);
    const queue = createAnswerQueue({ attemptId: 7, send, storage: window.localStorage });

    queue.record({ questionId: 11, answer: ['b'], flagged: false });
    expect(stored().waiting).toEqual([{ questionId: 11, answer: ['b'], flagged: false, seq: 1 }]);
    expect(queue.getState()).toMatchObject({ waiting: 1 });

    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([[{ questionId: 11, answer: ['b'], flagged: false, seq: 1 }]]);
    expect(queue.getState()).toMatchObject({ waiting: 1, sending: true });

    pending.resolve(saved);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState()).toMatchObject({ waiting: 0, sending: false, offline: false });
    expect(stored()).toEqual({ lastSeq: 1, waiting: [] });
  });

  it('keeps a change made while the earlier one was on its way, and sends it next', async () => {
    const { calls, answers, send } = server();
    const pending = deferred();
    answers.push(pending.promise);
    const queue = createAnswerQueue({ attemptId: 7, send, storage: window.localStorage });

    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    queue.record({ questionId: 11, answer: ['c'], flagged: true });
    pending.resolve(saved);
    await vi.advanceTimersByTimeAsync(0);

    expect(calls).toEqual([
      [{ questionId: 11, answer: ['a'], flagged: false, seq: 1 }],
      [{ questionId: 11, answer: ['c'], flagged: true, seq: 2 }],
    ]);
    expect(queue.getState().waiting).toBe(0);
  });

  it('keeps the answers when the network is gone, says so, and sends them when it returns', async () => {
    const { calls, answers, send } = server();
    answers.push(offline);
    const queue = createAnswerQueue({ attemptId: 7, send, storage: window.localStorage, random: () => 1 });

    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    queue.record({ questionId: 12, answer: '12,5', flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1); // no new request while the backoff runs
    expect(queue.getState()).toMatchObject({ waiting: 2, offline: true, sending: false });

    answers.push(offline);
    await vi.advanceTimersByTimeAsync(1_000); // the first retry
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calls).toHaveLength(2); // the second waits 2 s

    queue.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(3);
    expect(calls[2]).toEqual([
      { questionId: 11, answer: ['a'], flagged: false, seq: 1 },
      { questionId: 12, answer: '12,5', flagged: false, seq: 2 },
    ]);
    expect(queue.getState()).toMatchObject({ waiting: 0, offline: false });
  });

  it('backs off to at most 30 seconds, with jitter', async () => {
    const { calls, answers, send } = server();
    for (let i = 0; i < 10; i += 1) answers.push(offline);
    const queue = createAnswerQueue({ attemptId: 7, send, random: () => 0 });
    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    // Half of 1, 2, 4, 8, 16, 30, 30 seconds.
    for (const wait of [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]) {
      const before = calls.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(calls.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls.length).toBe(before + 1);
    }
  });

  it('survives a reload: the waiting answers and the sequence go on from where they were', async () => {
    const first = server();
    first.answers.push(offline);
    const before = createAnswerQueue({ attemptId: 7, send: first.send, storage: window.localStorage });
    before.record({ questionId: 11, answer: ['a'], flagged: false });
    before.record({ questionId: 12, answer: ['d'], flagged: true });
    await vi.advanceTimersByTimeAsync(0);
    before.sleep();

    const second = server();
    const after = createAnswerQueue({ attemptId: 7, send: second.send, storage: window.localStorage });
    expect(after.getState().waiting).toBe(2);
    expect(after.waiting().map((entry) => entry.seq)).toEqual([1, 2]);
    after.record({ questionId: 13, answer: 'Limpopo', flagged: false });
    after.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.calls.flat().map((entry) => [entry.questionId, entry.seq])).toEqual([
      [11, 1],
      [12, 2],
      [13, 3],
    ]);
    expect(after.getState().waiting).toBe(0);
  });

  it('numbers its saves after the highest the server has, never reusing one', () => {
    const { send } = server();
    const queue = createAnswerQueue({ attemptId: 7, send, storage: window.localStorage });
    queue.continueAfter(41);
    expect(queue.record({ questionId: 11, answer: null, flagged: false }).seq).toBe(42);
    queue.continueAfter(5);
    expect(queue.record({ questionId: 11, answer: ['a'], flagged: false }).seq).toBe(43);
    // Another attempt keeps its own count.
    const other = createAnswerQueue({ attemptId: 8, send, storage: window.localStorage });
    expect(other.record({ questionId: 11, answer: ['a'], flagged: false }).seq).toBe(1);
  });

  it(`sends at most ${MAX_BATCH} answers a call`, async () => {
    const { calls, answers, send } = server();
    answers.push(offline);
    const queue = createAnswerQueue({ attemptId: 7, send });
    for (let id = 1; id <= 450; id += 1) queue.record({ questionId: id, answer: ['a'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    calls.length = 0;
    queue.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(calls[1]![0]!.seq).toBe(201);
    expect(queue.getState().waiting).toBe(0);
  });

  it('waits while the school’s sitting is paused and sends when it resumes', async () => {
    const { calls, answers, send } = server();
    answers.push(failure(409, 'paused'));
    const queue = createAnswerQueue({ attemptId: 7, send });
    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState()).toMatchObject({ waiting: 1, paused: true, offline: false, stopped: null });
    queue.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(queue.getState()).toMatchObject({ waiting: 0, paused: false });
  });

  it('sends again after the server was busy', async () => {
    const { calls, answers, send } = server();
    answers.push(failure(503, 'busy'));
    const queue = createAnswerQueue({ attemptId: 7, send, random: () => 1 });
    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    expect(queue.getState()).toMatchObject({ waiting: 0, offline: false });
  });

  it('stops on a final refusal and keeps the answers on the device', async () => {
    for (const code of ['time_up', 'finished', 'other_device', 'no_attempt'] as const) {
      window.localStorage.clear();
      const { calls, answers, send } = server();
      answers.push(failure(409, code));
      const queue = createAnswerQueue({ attemptId: 7, send, storage: window.localStorage });
      queue.record({ questionId: 11, answer: ['a'], flagged: false });
      await vi.advanceTimersByTimeAsync(0);
      queue.record({ questionId: 12, answer: ['b'], flagged: false });
      queue.wake();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toHaveLength(1);
      expect(queue.getState()).toMatchObject({ stopped: code, waiting: 2 });
      expect(stored().waiting).toHaveLength(2);
      queue.sleep();
    }
  });

  it('drops only the answer the server can never take, and sends the rest', async () => {
    const { calls, answers, send } = server();
    answers.push(offline, failure(400, 'validation', { 'answers[1].answer': 'names an option the question does not have' }));
    const queue = createAnswerQueue({ attemptId: 7, send });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    queue.record({ questionId: 12, answer: ['z'], flagged: false });
    queue.record({ questionId: 13, answer: ['c'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    queue.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.at(-1)!.map((entry) => entry.questionId)).toEqual([11, 13]);
    expect(queue.getState().waiting).toBe(0);
  });

  it('drops the answers to a timed module whose time is up, and sends the others again', async () => {
    const { calls, answers, send } = server();
    answers.push(failure(409, 'module_time_up', { 'answers[0].questionId': 'is in a module whose time is up' }));
    const queue = createAnswerQueue({ attemptId: 7, send });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    queue.record({ questionId: 31, answer: '12,5', flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    queue.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.at(-1)!.map((entry) => entry.questionId)).toEqual([31]);
    expect(queue.getState()).toMatchObject({ waiting: 0, stopped: null });
  });

    it('sends what is typed once the typing pauses', async () => {
    const { calls, send } = server();
    const queue = createAnswerQueue({ attemptId: 7, send });
    for (const text of ['1', '12', '12,', '12,5']) {
      queue.record({ questionId: 14, answer: text, flagged: false }, { delayMs: 800 });
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual([[{ questionId: 14, answer: '12,5', flagged: false, seq: 4 }]]);
  });

  it('drains before the learner finishes: true when all is saved, false when answers still wait', async () => {
    const { answers, send } = server();
    const queue = createAnswerQueue({ attemptId: 7, send });
    answers.push(offline);
    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    answers.push(offline);
    expect(await queue.drain()).toBe(false);
    expect(queue.getState().waiting).toBe(1);
    expect(await queue.drain()).toBe(true);
    expect(queue.getState().waiting).toBe(0);
  });

  it('forgets a finished attempt’s answers', () => {
    const { send } = server();
    const queue = createAnswerQueue({ attemptId: 7, send, storage: window.localStorage });
    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    queue.clear();
    expect(stored()).toBeNull();
    expect(queue.getState().waiting).toBe(0);
  });

  it('tells the sign-out how many answers still wait for the attempt this device holds', async () => {
    const { answers, send } = server();
    answers.push(offline);
    const queue = createAnswerQueue({ attemptId: 7, send, storage: window.localStorage });
    queue.record({ questionId: 11, answer: ['a'], flagged: false });
    queue.record({ questionId: 12, answer: ['b'], flagged: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(answersWaitingOnDevice('7.f00d')).toBe(2);
    expect(answersWaitingOnDevice('8.f00d')).toBe(0);
    expect(answersWaitingOnDevice(null)).toBe(0);
  });
});
