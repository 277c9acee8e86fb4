// Server and device together: the later save of each question wins.
import { describe, expect, it } from 'vitest';
import { answerToSave, isAnswered, mergeAnswers } from './merge-answers';

describe('mergeAnswers', () => {
  const saved = [
    { questionId: 1, answer: ['a'], flagged: false, seq: 4 },
    { questionId: 2, answer: '12,5', flagged: true, seq: 6 },
    { questionId: 3, answer: null, flagged: false, seq: 2 },
  ];

  it('takes an answer still waiting on the device when it is newer than the server’s', () => {
    const merged = mergeAnswers(saved, [{ questionId: 1, answer: ['c'], flagged: true, seq: 9 }]);
    expect(merged.get(1)).toEqual({ answer: ['c'], flagged: true, seq: 9 });
    expect(merged.get(2)).toEqual({ answer: '12,5', flagged: true, seq: 6 });
  });

  it('keeps the server’s answer when it came from a later save (another device, after a recovery)', () => {
    const merged = mergeAnswers(saved, [{ questionId: 2, answer: '13', flagged: false, seq: 5 }]);
    expect(merged.get(2)).toEqual({ answer: '12,5', flagged: true, seq: 6 });
  });

  it('adds answers the server has not seen yet, and reads a missing answer as cleared', () => {
    const merged = mergeAnswers([{ questionId: 3, flagged: true, seq: 1 }], [{ questionId: 4, answer: 'Limpopo', flagged: false, seq: 2 }]);
    expect(merged.get(3)).toEqual({ answer: null, flagged: true, seq: 1 });
    expect(merged.get(4)).toEqual({ answer: 'Limpopo', flagged: false, seq: 2 });
    expect(merged.size).toBe(2);
  });
});

describe('answers', () => {
  it('count as given when something is chosen or typed', () => {
    expect([['a'], 'x', [], '  ', null, undefined].map(isAnswered)).toEqual([true, true, false, false, false, false]);
  });

  it('are cleared when nothing is left of them', () => {
    expect(answerToSave([])).toBeNull();
    expect(answerToSave('   ')).toBeNull();
    expect(answerToSave(['b'])).toEqual(['b']);
    expect(answerToSave(' 12 ')).toBe(' 12 ');
  });
});
