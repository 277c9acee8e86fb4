import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './server-errors';
import { readEnvelope, type ApiFailure } from '../../api/envelope';

const failure = (body: unknown) => readEnvelope(400, body) as ApiFailure;

describe('applyServerErrors', () => {
  it('puts each field message on its field and leaves the form alert empty', () => {
    const setError = vi.fn();
    const left = applyServerErrors(
      failure({ success: false, error: 'validation', errorMsg: 'email: is taken', fields: { email: 'is taken', name: 'is required' } }),
      setError,
      ['email', 'name'],
    );
    expect(left).toBeNull();
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'is taken' }],
      ['name', { type: 'server', message: 'is required' }],
    ]);
  });

  it('returns the message for the form when a field is not on the form, or when no field is named', () => {
    const setError = vi.fn();
    expect(applyServerErrors(failure({ success: false, error: 'validation', errorMsg: 'olympiadId: is required', fields: { olympiadId: 'is required' } }), setError, ['email'])).toBe(
      'olympiadId: is required',
    );
    expect(applyServerErrors(failure({ success: false, error: 'conflict', errorMsg: 'Already there.' }), setError, ['email'])).toBe('Already there.');
    expect(setError).not.toHaveBeenCalled();
  });
});
