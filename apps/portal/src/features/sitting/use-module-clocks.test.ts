// A timed module's countdown on the page: its whole time until the server has a reading, then
// from the reading on the page's clock, never below zero; none for an untimed module.
import { describe, expect, it } from 'vitest';
import { moduleSecondsLeft } from './use-module-clocks';

describe('a module clock', () => {
  it('shows the whole time of a module not opened yet, and none for an untimed one', () => {
    expect(moduleSecondsLeft(20, undefined, 5_000)).toBe(1_200);
    expect(moduleSecondsLeft(null, undefined, 5_000)).toBeNull();
    expect(moduleSecondsLeft(undefined, { remaining: 30, at: 0 }, 5_000)).toBeNull();
  });

  it('counts down from the server reading and stops at zero', () => {
    const reading = { remaining: 90, at: 10_000 };
    expect(moduleSecondsLeft(20, reading, 10_000)).toBe(90);
    expect(moduleSecondsLeft(20, reading, 70_500)).toBe(30);
    expect(moduleSecondsLeft(20, reading, 200_000)).toBe(0);
  });
});
