import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '@olympiad/shared/api/envelope';
import { onWindow, startWindowSchema, windowsWith } from './start-windows-form';

const saved = [
  { id: 1, startsAt: '2027-03-04T07:00:00Z', endsAt: '2027-03-04T09:00:00Z', schoolIds: [3] },
  { id: 2, startsAt: '2027-03-04T09:00:00Z', endsAt: '2027-03-04T11:00:00Z', schoolIds: [4, 5] },
];

describe('staggered start windows', () => {
  it('adds, changes and removes one window of the whole list', () => {
    const form = { startsAt: '2027-03-04T13:00', endsAt: '2027-03-04T14:00', schoolIds: ['6'] };
    expect(windowsWith(saved, null, form)).toHaveLength(3);
    expect(windowsWith(saved, null, form)[2]?.schoolIds).toEqual([6]);
    expect(windowsWith(saved, 0, form)[0]?.schoolIds).toEqual([6]);
    expect(windowsWith(saved, 0, null)).toEqual([{ startsAt: '2027-03-04T09:00:00Z', endsAt: '2027-03-04T11:00:00Z', schoolIds: [4, 5] }]);
  });

  it('names the server message on the field of the window edited', () => {
    const failure: ApiFailure = {
      ok: false,
      status: 400,
      code: 'validation',
      message: 'Check the fields',
      fields: { 'startWindows[1].schoolIds': 'a school here already has window 1 at this time' },
      body: null,
    };
    const named = onWindow(failure, 1);
    expect(named.ok).toBe(false);
    if (!named.ok) expect(named.fields).toEqual({ schoolIds: 'a school here already has window 1 at this time' });
  });

  it('needs a school and a close after the opening', () => {
    const result = startWindowSchema.safeParse({ startsAt: '2027-03-04T10:00', endsAt: '2027-03-04T09:00', schoolIds: [] });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['schoolIds', 'endsAt']));
  });
});
