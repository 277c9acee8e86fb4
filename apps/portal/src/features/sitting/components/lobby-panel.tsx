// The lobby: the learner has confirmed their details before their window opens. The screen counts
// down on the server's clock, fetches the paper sealed meanwhile, and at the opening makes the one
// request of the moment, the start, whose key opens the paper already on the phone.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@olympiad/shared/api/envelope';
import { getLobby, getSealedPaper, startFromLobby, type LobbyStart, type SealedPaper } from '../api/lobby';
import { handPaper } from '../api/get-paper';
import type { SittingView } from '../api/get-sitting';
import { formatClock } from '../countdown';
import { useLanguage, useWords } from '../language';
import { clockOffset, secondsToOpening, startDelay } from '../lobby/lobby-clock';
import { canOpenSealed, inLearnerOrder, openSealedPaper } from '../lobby/sealed-paper';
import { sittingMessage } from '../sitting-errors';
import { formatWhen } from '../words';

type Clock = { opensAt: string; offset: number };

/** The paper as the question screen takes it, opened from the sealed copy; null when it cannot be. */
async function openedPaper(sealed: SealedPaper | null, started: LobbyStart) {
  if (!sealed || !canOpenSealed()) return null;
  try {
    const modules = inLearnerOrder(await openSealedPaper(sealed, started.paperKey), started.order);
    return { language: sealed.language, modules, answers: [], moduleClocks: [], sitting: started.sitting };
  } catch {
    // A paper changed since it was fetched: the question screen asks for it instead.
    return null;
  }
}

export function LobbyPanel({ onStarted }: { onStarted: (sitting: SittingView) => void }) {
  const words = useWords();
  const language = useLanguage();
  const [clock, setClock] = useState<Clock | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [sealedReady, setSealedReady] = useState(false);
  const sealed = useRef<SealedPaper | null>(null);

  // The server's clock and the opening; read again after a refused start (a clock read badly).
  const readClock = async () => {
    const sentAt = Date.now();
    const lobby = await getLobby();
    const offset = clockOffset(lobby.serverTime, sentAt, Date.now());
    setClock({ opensAt: lobby.opensAt ?? lobby.serverTime, offset });
  };

  useEffect(() => {
    readClock().catch((error: unknown) => setFailure(sittingMessage(error, words)));
    getSealedPaper()
      .then((paper) => {
        sealed.current = paper;
        setSealedReady(true);
      })
      .catch(() => {
        // Without the sealed copy the question screen fetches the paper after the start.
      });
    // Once, on entering the lobby.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!clock) return;
    const tick = () => setLeft(secondsToOpening(clock.opensAt, clock.offset, Date.now()));
    tick();
    const id = window.setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [clock]);

  useEffect(() => {
    if (left !== 0 || starting) return;
    setStarting(true);
    const timer = window.setTimeout(async () => {
      try {
        const started = await startFromLobby();
        const paper = await openedPaper(sealed.current, started);
        if (paper) handPaper(paper);
        onStarted(started.sitting);
      } catch (error) {
        if (error instanceof ApiError && error.failure.code === 'not_open_yet') {
          await readClock().catch(() => undefined);
        } else {
          setFailure(sittingMessage(error, words));
        }
        setStarting(false);
      }
    }, startDelay());
    return () => window.clearTimeout(timer);
    // The start is made once when the countdown reaches zero.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left]);

  return (
    <div className="sitting-lobby">
      {clock && <p>{words.lobbyOpensAt(formatWhen(new Date(clock.opensAt), language))}</p>}
      <p className="sitting-lobby__countdown" role="timer" aria-live="off">
        <span>{words.lobbyCountdown}</span> <strong data-testid="lobby-countdown">{left === null ? '…' : formatClock(left)}</strong>
      </p>
      <p className="lean-alert lean-alert--info" aria-live="polite">
        {starting ? words.lobbyStarting : sealedReady ? words.lobbyPaperReady : words.lobbyPaperLoading}
      </p>
      {failure && (
        <p className="lean-alert lean-alert--error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
