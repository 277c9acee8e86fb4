import { describe, expect, it } from 'vitest';
import { axisSteps } from './charts';

describe('axisSteps', () => {
  it('steps in round numbers up to at least the largest value', () => {
    expect(axisSteps(0)).toEqual([0]);
    expect(axisSteps(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisSteps(100)).toEqual([0, 50, 100]);
    expect(axisSteps(1234)).toEqual([0, 500, 1000, 1500]);
  });
});
