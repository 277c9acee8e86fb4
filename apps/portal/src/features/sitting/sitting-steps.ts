// Where a learner belongs in the sitting, from what the server says: instructions, declaration,
// recovery code, details, the questions, finished; or the recovery-code entry when another device
// holds the attempt.

export type Step = 'declaration' | 'recoveryPin' | 'learnerDetails' | 'questions' | 'finished' | 'recovery';

type Attempt = {
  status: 'preparing' | 'writing' | 'finished';
  onThisDevice: boolean;
  recoveryCodeIssued: boolean;
  remainingSeconds?: number | null;
  paused: boolean;
};

/** The step the learner is at; before the declaration is accepted that is the declaration. */
export function stepOf(attempt: Attempt | null | undefined): Step {
  if (!attempt) return 'declaration';
  if (attempt.status === 'finished') return 'finished';
  if (!attempt.onThisDevice) return 'recovery';
  if (attempt.status === 'preparing') return attempt.recoveryCodeIssued ? 'learnerDetails' : 'recoveryPin';
  return timeIsUp(attempt) ? 'finished' : 'questions';
}

/** The clock has reached zero; the server's sweep ends the attempt within a minute or two. */
export function timeIsUp(attempt: Pick<Attempt, 'status' | 'remainingSeconds' | 'paused'>): boolean {
  return attempt.status === 'writing' && !attempt.paused && attempt.remainingSeconds === 0;
}

/** `<module>/<question>`, both from 1, as in the question screen's address and the progress pings. */
export function parsePosition(position: string | null | undefined): { module: number; question: number } | null {
  const match = /^(\d+)\/(\d+)$/.exec(position ?? '');
  if (!match) return null;
  const [module, question] = [Number(match[1]), Number(match[2])];
  return module > 0 && question > 0 ? { module, question } : null;
}

/** The address of a step; the questions at the given position, else the first question. */
export function stepPath(olympiadName: string, step: Step, position?: string | null): string {
  const base = `/${encodeURIComponent(olympiadName)}/olympiad`;
  switch (step) {
    case 'declaration':
      return `${base}/declaration`;
    case 'recoveryPin':
      return `${base}/recovery-pin`;
    case 'learnerDetails':
      return `${base}/learner-details`;
    case 'finished':
      return `${base}/finished`;
    case 'recovery':
      return `${base}/instructions`;
    case 'questions': {
      const at = parsePosition(position);
      return at ? `${base}/${at.module}/${at.question}` : `${base}/1/1`;
    }
  }
}

/** Navigation state of the question screen: no position was known, so start at the first unanswered question. */
export type QuestionsEntry = { firstUnanswered?: boolean };

/**
 * Where the learner belongs, as a link: the questions resume at the last position the server has
 * (from the progress pings), else at the first unanswered question.
 */
export function stepLink(
  olympiadName: string,
  attempt: (Attempt & { lastPosition: string }) | null | undefined,
): { to: string; state: QuestionsEntry } {
  const step = stepOf(attempt);
  const position = attempt?.lastPosition;
  return {
    to: stepPath(olympiadName, step, position),
    state: { firstUnanswered: step === 'questions' && parsePosition(position) === null },
  };
}
