// The learner's clock is the server's: each answer that carries the clock (the sitting, the paper,
// every progress ping) gives the seconds left, and the screen counts down from that reading with the
// page's monotonic clock (performance.now), never with the device's date, which may be wrong.

/** A reading of the server's clock and the page's monotonic time (ms) when it arrived. */
export type ClockAnchor = { remainingSeconds: number; paused: boolean; at: number };

/** Seconds left at `now` (ms on the same monotonic clock); a paused clock stands still. */
export function secondsLeft(anchor: ClockAnchor, now: number): number {
  if (anchor.paused) return anchor.remainingSeconds;
  return Math.max(0, Math.ceil(anchor.remainingSeconds - (now - anchor.at) / 1000));
}

/**
 * Takes a new reading of the server's clock. Differences under two seconds are the network's delay,
 * not a change: the clock keeps its count rather than tick back up. A pause, a resume or extra time
 * changes it at once.
 */
export function resync(anchor: ClockAnchor | null, reading: { remainingSeconds: number; paused: boolean }, now: number): ClockAnchor {
  const next = { ...reading, at: now };
  if (anchor === null || anchor.paused !== reading.paused) return next;
  return Math.abs(secondsLeft(anchor, now) - reading.remainingSeconds) < 2 ? anchor : next;
}

/** Screen readers hear the time left only at these moments (seconds left), not every second. */
export const ANNOUNCE_AT = [600, 300, 60, 0] as const;

/**
 * The moment to announce when the time left went from `before` to `now` seconds: the last of
 * `ANNOUNCE_AT` passed on the way down (a phone that slept through two says only the later one);
 * null when none was passed, when the clock went up (extra time), or on the first reading.
 */
export function announcementDue(before: number | null, now: number): number | null {
  if (before === null || now >= before) return null;
  const passed = ANNOUNCE_AT.filter((moment) => before > moment && now <= moment);
  return passed.length > 0 ? Math.min(...passed) : null;
}

/** `1:05:09`, `59:07`, `0:42`. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
