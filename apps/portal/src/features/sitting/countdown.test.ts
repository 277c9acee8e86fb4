// The countdown: from the server's reading on the page's monotonic clock, and announced sparingly.
import { describe, expect, it } from 'vitest';
import { announcementDue, formatClock, resync, secondsLeft } from './countdown';

describe('the countdown', () => {
  it('counts down from the server’s reading, and stands still while paused', () => {
    const anchor = { remainingSeconds: 600, paused: false, at: 10_000 };
    expect(secondsLeft(anchor, 10_000)).toBe(600);
    expect(secondsLeft(anchor, 10_400)).toBe(600); // a partial second is still shown
    expect(secondsLeft(anchor, 11_000)).toBe(599);
    expect(secondsLeft(anchor, 10_000 + 700_000)).toBe(0);
    expect(secondsLeft({ ...anchor, paused: true }, 500_000)).toBe(600);
  });

  it('follows the server when it differs: extra time, a pause, a resume', () => {
    const anchor = resync(null, { remainingSeconds: 600, paused: false }, 0);
    // One second of network delay: no jump back up.
    expect(resync(anchor, { remainingSeconds: 571, paused: false }, 30_000)).toBe(anchor);
    // Ten minutes of extra time.
    expect(resync(anchor, { remainingSeconds: 1170, paused: false }, 30_000)).toEqual({ remainingSeconds: 1170, paused: false, at: 30_000 });
    // The school's sitting was paused.
    const paused = resync(anchor, { remainingSeconds: 570, paused: true }, 30_000);
    expect(paused).toEqual({ remainingSeconds: 570, paused: true, at: 30_000 });
    expect(secondsLeft(paused, 400_000)).toBe(570);
    expect(resync(paused, { remainingSeconds: 570, paused: false }, 400_000)).toEqual({ remainingSeconds: 570, paused: false, at: 400_000 });
  });

  it('is announced at 10, 5 and 1 minutes left and at the end, not every second', () => {
    const said: number[] = [];
    let before: number | null = null;
    for (let left = 660; left >= 0; left -= 1) {
      const due = announcementDue(before, left);
      if (due !== null) said.push(due);
      before = left;
    }
    expect(said).toEqual([600, 300, 60, 0]);
  });

  it('says only the latest moment after a sleep, and nothing when time is added or on the first reading', () => {
    expect(announcementDue(700, 250)).toBe(300);
    expect(announcementDue(61, 0)).toBe(0);
    expect(announcementDue(null, 600)).toBeNull();
    expect(announcementDue(250, 900)).toBeNull();
    expect(announcementDue(0, 0)).toBeNull();
    expect(announcementDue(599, 598)).toBeNull();
  });

  it('shows hours only when there are any', () => {
    expect(formatClock(3909)).toBe('1:05:09');
    expect(formatClock(3547)).toBe('59:07');
    expect(formatClock(42)).toBe('0:42');
    expect(formatClock(-3)).toBe('0:00');
  });
});
