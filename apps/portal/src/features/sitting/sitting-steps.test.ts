// Which screen a learner belongs on, from the server's view of their attempt.
import { describe, expect, it } from 'vitest';
import { parsePosition, stepOf, stepPath } from './sitting-steps';

const attempt = {
  status: 'preparing' as const,
  onThisDevice: true,
  recoveryCodeIssued: false,
  remainingSeconds: null,
  paused: false,
};

describe('the learner’s step', () => {
  it('goes declaration, recovery code, details, questions, finished', () => {
    expect(stepOf(null)).toBe('declaration');
    expect(stepOf(attempt)).toBe('recoveryPin');
    expect(stepOf({ ...attempt, recoveryCodeIssued: true })).toBe('learnerDetails');
    expect(stepOf({ ...attempt, recoveryCodeIssued: true, status: 'writing', remainingSeconds: 3000 })).toBe('questions');
    expect(stepOf({ ...attempt, status: 'finished' })).toBe('finished');
  });

  it('asks for the recovery code when another device holds the attempt, unless it has finished', () => {
    expect(stepOf({ ...attempt, status: 'writing', onThisDevice: false, remainingSeconds: 60 })).toBe('recovery');
    expect(stepOf({ ...attempt, status: 'finished', onThisDevice: false })).toBe('finished');
  });

  it('is finished once the clock reaches zero, but not while the school is paused', () => {
    expect(stepOf({ ...attempt, status: 'writing', remainingSeconds: 0 })).toBe('finished');
    expect(stepOf({ ...attempt, status: 'writing', remainingSeconds: 0, paused: true })).toBe('questions');
  });
});

describe('addresses', () => {
  it('resume the questions at the last position', () => {
    expect(stepPath('geography', 'questions', '2/7')).toBe('/geography/olympiad/2/7');
    expect(stepPath('geography', 'questions', '')).toBe('/geography/olympiad/1/1');
    expect(stepPath('geography', 'questions', 'instructions')).toBe('/geography/olympiad/1/1');
    expect(stepPath('geography', 'recovery')).toBe('/geography/olympiad/instructions');
    expect(stepPath('geography', 'learnerDetails')).toBe('/geography/olympiad/learner-details');
  });

  it('read a position only when both numbers are there', () => {
    expect(parsePosition('3/12')).toEqual({ module: 3, question: 12 });
    expect(parsePosition('0/1')).toBeNull();
    expect(parsePosition('1/')).toBeNull();
    expect(parsePosition(null)).toBeNull();
  });
});
