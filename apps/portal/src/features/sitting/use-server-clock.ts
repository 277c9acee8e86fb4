// The countdown on screen: from the server's latest reading, ticking each second on the page's
// monotonic clock, with the few announcements a screen reader should hear.
import { useCallback, useEffect, useRef, useState } from 'react';
import { announcementDue, resync, secondsLeft, type ClockAnchor } from './countdown';

export type ClockReading = { remainingSeconds: number; paused: boolean };

export function useServerClock(initial: ClockReading) {
  const [anchor, setAnchor] = useState<ClockAnchor>(() => resync(null, initial, performance.now()));
  const [now, setNow] = useState(() => performance.now());
  const [announced, setAnnounced] = useState<number | null>(null);
  const before = useRef<number | null>(null);

  useEffect(() => {
    const tick = () => setNow(performance.now());
    const id = window.setInterval(tick, 1000);
    // Timers of a hidden page slow down: count again as soon as it is shown.
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);

  /** A new reading of the server's clock (a ping's answer): pauses and extra time show at once. */
  const read = useCallback((reading: ClockReading) => {
    const at = performance.now();
    setAnchor((current) => resync(current, reading, at));
    setNow(at);
  }, []);

  const left = secondsLeft(anchor, Math.max(now, anchor.at));
  useEffect(() => {
    const due = announcementDue(before.current, left);
    before.current = left;
    if (due !== null) setAnnounced(due);
  }, [left]);

  return { left, paused: anchor.paused, read, announced };
}
