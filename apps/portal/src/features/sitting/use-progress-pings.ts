// Progress pings: where the learner is, for the monitor (the learner looks stuck after two minutes
// without one), every 30 seconds, a few seconds after they move to another question, and when the
// page is shown again; every answer brings the server's clock. While the school is paused it asks
// twice as often, so that the resume shows soon.
import { useEffect, useRef } from 'react';
import { trackProgress } from './api/track-progress';
import type { ClockReading } from './use-server-clock';

const EVERY_MS = 30_000;
const WHILE_PAUSED_MS = 15_000;
const AFTER_MOVING_MS = 3_000;

type Pings = {
  olympiadId: number;
  position: string;
  /** The module shown: a timed module's clock starts with its first ping. */
  moduleId: number | null;
  /** False while answers wait to be sent. */
  online: boolean;
  paused: boolean;
  onClock: (reading: ClockReading & { status: string; moduleRemainingSeconds: number | null }) => void;
  /** The server refused: `no_attempt` (reset), `other_device`, `finished`. */
  onRefused: (code: string) => void;
};

/** Answers the ping itself, for a reading of the clock now. */
export function useProgressPings({ olympiadId, position, moduleId, online, paused, onClock, onRefused }: Pings): () => Promise<void> {
  const latest = useRef({ olympiadId, position, moduleId, online, onClock, onRefused });
  latest.current = { olympiadId, position, moduleId, online, onClock, onRefused };

  const ping = useRef(async () => {
    const { olympiadId: id, position: at, moduleId: module, online: allSent } = latest.current;
    const result = await trackProgress(id, at, allSent, module);
    if (result.ok) {
      latest.current.onClock({
        remainingSeconds: result.data.remainingSeconds ?? 0,
        paused: result.data.paused,
        status: result.data.status,
        moduleRemainingSeconds: result.data.moduleRemainingSeconds ?? null,
      });
    } else if (result.status === 409 && result.code) {
      latest.current.onRefused(result.code);
    }
  }).current;

  useEffect(() => {
    const id = window.setInterval(ping, paused ? WHILE_PAUSED_MS : EVERY_MS);
    return () => window.clearInterval(id);
  }, [ping, paused]);

  useEffect(() => {
    const id = window.setTimeout(ping, AFTER_MOVING_MS);
    return () => window.clearTimeout(id);
  }, [ping, position]);

  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === 'visible') void ping();
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, [ping]);

  return ping;
}
