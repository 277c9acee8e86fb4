// Spec sections 4 and 8: success only with the success flag; the message to show for a failure.
import { describe, expect, it } from 'vitest';
import { ApiError, failureMessage, readEnvelope, unwrap } from './envelope';

describe('failureMessage', () => {
  it('shows error, else errorMsg, else reason, else "An error occurred"', () => {
    expect(failureMessage({ success: false, error: 'The school is closed for entries.', errorMsg: 'x', reason: 'y' })).toBe(
      'The school is closed for entries.',
    );
    expect(failureMessage({ success: false, errorMsg: 'The password is not correct.', reason: 'y' })).toBe('The password is not correct.');
    expect(failureMessage({ success: false, reason: 'Olympiad closed' })).toBe('Olympiad closed');
    expect(failureMessage({ success: false })).toBe('An error occurred');
    expect(failureMessage({ success: false, error: '', errorMsg: '  ' })).toBe('An error occurred');
  });

  it('lets a machine code in error yield to the sentence in errorMsg, and shows the code when nothing else is there', () => {
    expect(failureMessage({ success: false, error: 'password', errorMsg: 'The password is not correct.' })).toBe(
      'The password is not correct.',
    );
    expect(failureMessage({ success: false, error: 'rate_limited', reason: 'Too many attempts' })).toBe('Too many attempts');
    expect(failureMessage({ success: false, error: 'not_found' })).toBe('not_found');
  });

  it('uses the given fallback ("An error occurred 4" on the alternative upload path)', () => {
    expect(failureMessage({ success: false }, 'An error occurred 4')).toBe('An error occurred 4');
  });

  it('shows a plain-text body (a transport error on a post) as it is', () => {
    expect(failureMessage('502 Bad Gateway: upstream timed out')).toBe('502 Bad Gateway: upstream timed out');
  });
});

describe('readEnvelope', () => {
  it('counts a response as successful only with its success flag', () => {
    expect(readEnvelope(200, { success: true, data: { id: 1 } })).toMatchObject({ ok: true, data: { id: 1 } });
    expect(readEnvelope(200, { data: { id: 1 } })).toMatchObject({ ok: false, message: 'An error occurred' });
    expect(readEnvelope(200, { success: false, errorMsg: 'No.' })).toMatchObject({ ok: false, status: 200, message: 'No.' });
    expect(readEnvelope(200, { success: 'true', data: 1 })).toMatchObject({ ok: false });
  });

  it('counts only statuses 200 to 299 as success', () => {
    expect(readEnvelope(302, { success: true, data: 1 }).ok).toBe(false);
    expect(readEnvelope(299, { success: true, data: 1 }).ok).toBe(true);
  });

  it('keeps the code and the validation fields', () => {
    const failure = readEnvelope(400, {
      success: false,
      error: 'validation',
      errorMsg: 'password: is too short',
      fields: { password: 'is too short', other: ['first', 'second'] },
    });
    expect(failure).toMatchObject({ ok: false, status: 400, code: 'validation', fields: { password: 'is too short', other: 'first' } });
  });

  it('names the status when a failed response has no body', () => {
    expect(readEnvelope(503, undefined)).toMatchObject({ ok: false, message: 'Request failed with status code 503' });
    expect(readEnvelope(500, '')).toMatchObject({ ok: false, message: 'Request failed with status code 500' });
  });
});

describe('unwrap', () => {
  it('returns the data or throws an ApiError with the failure', () => {
    expect(unwrap(readEnvelope(200, { success: true, data: [1, 2] }))).toEqual([1, 2]);
    const failure = readEnvelope(403, { success: false, error: 'forbidden', errorMsg: 'Only overlord may do this.' });
    expect(() => unwrap(failure)).toThrow(ApiError);
    expect(() => unwrap(failure)).toThrow('Only overlord may do this.');
  });
});
