import { describe, expect, it } from 'vitest';
import { clockOffset, secondsToOpening, startDelay } from './lobby-clock';

describe('the lobby counts down on the server clock', () => {
  it('works out how far the device clock is off, from the middle of the round trip', () => {
    // The phone is five minutes slow: it sent at 08:55:00.000 and heard back 400 ms later.
    const sentAt = Date.parse('2027-03-04T08:55:00.000Z');
    const offset = clockOffset('2027-03-04T09:00:00.200Z', sentAt, sentAt + 400);
    expect(offset).toBe(5 * 60 * 1000);
  });

  it('counts to the opening by the server, not by the phone', () => {
    const slowPhone = Date.parse('2027-03-04T08:55:00Z');
    const offset = clockOffset('2027-03-04T09:00:00Z', slowPhone, slowPhone);
    // By its own clock the phone thinks 5:30 are left; the server says 30 seconds.
    expect(secondsToOpening('2027-03-04T09:00:30Z', offset, slowPhone)).toBe(30);
    expect(secondsToOpening('2027-03-04T09:00:30Z', offset, slowPhone + 29_500)).toBe(1);
    expect(secondsToOpening('2027-03-04T09:00:30Z', offset, slowPhone + 30_000)).toBe(0);
    expect(secondsToOpening('2027-03-04T09:00:30Z', offset, slowPhone + 90_000)).toBe(0);
  });

  it('a phone that is fast waits just as long', () => {
    const fastPhone = Date.parse('2027-03-04T10:00:00Z');
    const offset = clockOffset('2027-03-04T09:00:00Z', fastPhone, fastPhone);
    expect(secondsToOpening('2027-03-04T09:01:00Z', offset, fastPhone)).toBe(60);
  });

  it('spreads the starts of one lab within the first second', () => {
    expect(startDelay(0)).toBe(0);
    expect(startDelay(0.5)).toBe(500);
    expect(startDelay(1)).toBe(1000);
  });
});
