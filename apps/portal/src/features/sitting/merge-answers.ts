// The learner's answers as the question screen shows them after a reload or on another device: what
// the server has, overlaid with what still waits on this device. The later save wins: the local one
// when its sequence number is higher than the server's.
import type { AnswerValue, QueuedAnswer } from './answer-queue';

export type AnswerState = { answer: AnswerValue | null; flagged: boolean; seq: number };

export type SavedAnswer = { questionId: number; answer?: AnswerValue | null; flagged: boolean; seq: number };

export function mergeAnswers(saved: SavedAnswer[], waiting: QueuedAnswer[]): Map<number, AnswerState> {
  const merged = new Map<number, AnswerState>();
  for (const { questionId, answer = null, flagged, seq } of saved) merged.set(questionId, { answer, flagged, seq });
  for (const { questionId, answer, flagged, seq } of waiting) {
    const server = merged.get(questionId);
    if (!server || seq > server.seq) merged.set(questionId, { answer, flagged, seq });
  }
  return merged;
}

/** Whether an answer counts as given (the server stores a cleared answer as null). */
export function isAnswered(answer: AnswerValue | null | undefined): boolean {
  if (answer === null || answer === undefined) return false;
  return Array.isArray(answer) ? answer.length > 0 : answer.trim() !== '';
}

/** What is sent for an answer: nothing chosen or only spaces typed clears it. */
export function answerToSave(answer: AnswerValue): AnswerValue | null {
  return isAnswered(answer) ? answer : null;
}
