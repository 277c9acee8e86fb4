// While the learner writes: the answer queue, the server's clock (followed through the progress
// pings), and the ends the screen must act on. A refusal that is final stops the writing; the clock at
// zero closes the answers, sends what waits while the server still takes it, and shows Finished.
// Timed modules have clocks of their own (useModuleClocks).
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { LearnerPaper } from './api/get-paper';
import { useRereadSitting } from './api/get-sitting';
import { deviceCopy } from './offline-copy';
import { stepPath } from './sitting-steps';
import { useAnswerQueue } from './use-answer-queue';
import { useProgressPings } from './use-progress-pings';
import { useModuleClocks } from './use-module-clocks';
import { useServerClock } from './use-server-clock';

/** The server takes saves until a minute after the end: keep sending this long after zero. */
const SEND_AFTER_END_MS = 50_000;

export function useWriting(paper: LearnerPaper, olympiadId: number, position: string, moduleId: number | null) {
  const { olympiadName = '' } = useParams();
  const navigate = useNavigate();
  const rereadSitting = useRereadSitting();
  const attempt = paper.sitting.attempt!;
  const [queue, queueState] = useAnswerQueue(attempt.id, attempt.lastSeq);
  const clock = useServerClock({ remainingSeconds: attempt.remainingSeconds ?? 0, paused: attempt.paused });
  /** A final refusal the learner must act on: `other_device`, `no_attempt`, `signed_out`. */
  const [stopped, setStopped] = useState<string | null>(null);
  /** The time is up: the answers are closed and the last ones are being sent. */
  const [closing, setClosing] = useState(false);
  const modules = useModuleClocks(paper);

  const showFinished = useCallback(
    (state: { byClock: boolean; unsent?: number }) => {
      void rereadSitting();
      navigate(stepPath(olympiadName, 'finished'), { replace: true, state });
    },
    [navigate, olympiadName, rereadSitting],
  );

  const ping = useProgressPings({
    olympiadId,
    position,
    moduleId,
    online: queueState.waiting === 0,
    paused: clock.paused,
    onClock: (reading) => {
      if (reading.status === 'finished') return showFinished({ byClock: false });
      clock.read(reading);
      if (moduleId !== null && reading.moduleRemainingSeconds !== null) modules.read(moduleId, reading.moduleRemainingSeconds);
      deviceCopy().keepClock(reading);
    },
    onRefused: (code) => (code === 'finished' ? showFinished({ byClock: false }) : setStopped(code)),
  });

  // A refusal of the answers themselves.
  useEffect(() => {
    if (queueState.stopped === 'time_up') setClosing(true);
    else if (queueState.stopped === 'finished') showFinished({ byClock: false });
    else if (queueState.stopped !== null) setStopped(queueState.stopped);
  }, [queueState.stopped, showFinished]);

  // The server refused a save because the school is paused: the clock should say so at once.
  useEffect(() => {
    if (queueState.paused) void ping();
  }, [queueState.paused, ping]);

  // The pause is over: what waited goes now.
  useEffect(() => {
    if (!clock.paused) queue.wake();
  }, [clock.paused, queue]);

  useEffect(() => {
    if (clock.left === 0 && !clock.paused) setClosing(true);
  }, [clock.left, clock.paused]);

  useEffect(() => {
    if (!closing) return;
    let current = true;
    const until = performance.now() + SEND_AFTER_END_MS;
    void (async () => {
      while (current && !(await queue.drain()) && performance.now() < until && queue.getState().stopped === null) {
        await new Promise((done) => setTimeout(done, 2_000));
      }
      if (current) showFinished({ byClock: true, unsent: queue.waiting().length });
    })();
    return () => {
      current = false;
    };
  }, [closing, queue, showFinished]);

  return { queue, queueState, clock, modules, stopped, closing, showFinished };
}
