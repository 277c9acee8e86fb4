// A learner's record is checked like a row of the learner spreadsheet: the form takes a name, class and
// consent as long as the server's check of a row allows, and refuses one character more.
import { describe, expect, it } from 'vitest';
import { limits } from '@olympiad/shared/lib/field-limits';
import { emptyLearner, learnerSchema } from './save-learner';

const learner = { ...emptyLearner, firstName: 'Thandi', lastName: 'Mokoena', grade: '10' };
const passes = (changes: Partial<typeof learner>) => learnerSchema.safeParse({ ...learner, ...changes }).success;

describe("a learner's record", () => {
  it.each(['firstName', 'lastName', 'className', 'consentBy', 'consentRelationship'] as const)('takes %s up to the row check’s limit', (field) => {
    const max = limits.RosterRow[field].maxLength;
    expect(max).toBeGreaterThan(0);
    expect(passes({ [field]: 'a'.repeat(max) })).toBe(true);
    expect(passes({ [field]: 'a'.repeat(max + 1) })).toBe(false);
  });
});
