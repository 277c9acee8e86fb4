// The public forms' own checks, before the server checks every field again.
import { describe, expect, it } from 'vitest';
import { check } from './use-form';

type Values = { name: string; email: string; school: string; kind: string };

const rules = {
  name: { required: true, max: 5 },
  email: { required: true, email: true },
  school: { check: (value: string, values: Values) => (values.kind === 'teacher' && value === '' ? 'is required' : null) },
};

describe('check', () => {
  it('names each field that breaks its rule, with the first message', () => {
    expect(check({ name: '  ', email: 'not an address', school: '', kind: 'teacher' }, rules)).toEqual({
      name: 'is required',
      email: 'must be an e-mail address',
      school: 'is required',
    });
    expect(check({ name: 'Sipho Mokoena', email: '', school: '', kind: 'other' }, rules)).toEqual({
      name: 'must be at most 5 characters',
      email: 'is required',
    });
  });

  it('passes a form that keeps its rules', () => {
    expect(check({ name: 'Sipho', email: 'sipho@school.example.org', school: 'Waterkloof', kind: 'teacher' }, rules)).toEqual({});
  });
});
