// Timed modules' own clocks (a module's minutes within the sitting, counted on the server from
// when the learner first opens it). Each reading of the server (the paper's module clocks, a ping's
// answer from the module shown) anchors that module's countdown on the page's monotonic clock; a
// module not opened yet shows its whole time. The server refuses saves to a module whose time is
// up, so the screen closes it and moves on.
import { useCallback, useState } from 'react';
import type { LearnerPaper } from './api/get-paper';

type Anchor = { remaining: number; at: number };

export type ModuleClocks = {
  /** Seconds left in the module, or null for a module without its own time. */
  left: (moduleId: number, now: number) => number | null;
  read: (moduleId: number, remainingSeconds: number) => void;
};

/** Seconds left from a reading taken at `anchor.at`, at `now` (both of performance.now()). */
export function moduleSecondsLeft(limitMinutes: number | null | undefined, anchor: Anchor | undefined, now: number): number | null {
  if (limitMinutes === null || limitMinutes === undefined) return null;
  if (!anchor) return limitMinutes * 60;
  return Math.max(0, Math.ceil(anchor.remaining - (now - anchor.at) / 1000));
}

export function useModuleClocks(paper: LearnerPaper): ModuleClocks {
  const [anchors, setAnchors] = useState(() => {
    const at = performance.now();
    return new Map<number, Anchor>(paper.moduleClocks.map((clock) => [clock.moduleId, { remaining: clock.remainingSeconds, at }]));
  });
  const read = useCallback((moduleId: number, remainingSeconds: number) => {
    setAnchors((current) => new Map(current).set(moduleId, { remaining: remainingSeconds, at: performance.now() }));
  }, []);
  const left = useCallback(
    (moduleId: number, now: number) =>
      moduleSecondsLeft(paper.modules.find((module) => module.moduleId === moduleId)?.timeLimitMinutes, anchors.get(moduleId), now),
    [anchors, paper.modules],
  );
  return { left, read };
}
