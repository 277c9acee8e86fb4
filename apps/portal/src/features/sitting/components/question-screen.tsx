// /:olympiadName/olympiad/:moduleIndex/:questionIndex: one question a screen, with the server's
// countdown, the save state, previous and next, a flag for review, the map of all questions, and
// Finish. Answers go through the answer queue (kept on the device until the server has them); the
// clock, the pings and the ends of the writing are in useWriting.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@olympiad/shared/api/envelope';
import { QuestionView, type QuestionViewAnswer } from '@olympiad/shared/ui/lean/question-view';
import { finishSitting } from '../api/finish-sitting';
import { sittingKeys, useRereadSitting, type SittingView } from '../api/get-sitting';
import { usePaper, type LearnerPaper, type LearnerQuestion } from '../api/get-paper';
import type { AnswerValue } from '../answer-queue';
import { useWords } from '../language';
import { formatClock } from '../countdown';
import { answerToSave, isAnswered, mergeAnswers } from '../merge-answers';
import { sittingMessage } from '../sitting-errors';
import { stepPath, type QuestionsEntry } from '../sitting-steps';
import { useWriting } from '../use-writing';
import { FinishPanel } from './finish-panel';
import { QuestionMap, type MapModule } from './question-map';
import { usePicture } from './question-picture';
import { SittingBar } from './sitting-bar';
import { LearnerLoading, OlympiadText, SittingScreen } from './sitting-screen';

/** Typed answers are sent once the typing pauses; choices at once. */
const TYPING_PAUSE_MS = 800;

export function QuestionScreen() {
  const words = useWords();
  return (
    <SittingScreen title={words.olympiadTitle} serves={['questions']}>
      {(view) => <PaperLoader view={view} />}
    </SittingScreen>
  );
}

function PaperLoader({ view }: { view: SittingView }) {
  const paper = usePaper();
  const rereadSitting = useRereadSitting();
  const words = useWords();
  if (paper.isPending) return <LearnerLoading />;
  if (!paper.data || !paper.data.sitting.attempt) {
    // Refused (finished, moved to another device, reset): where the learner is now decides.
    const refused = paper.error instanceof ApiError && paper.error.failure.status === 409;
    return (
      <div className="lean-alert lean-alert--error" role="alert">
        <p className="sitting-alert__text">{sittingMessage(paper.error, words)}</p>
        <button
          type="button"
          className="lean-button"
          onClick={() => (refused ? rereadSitting() : paper.refetch())}
        >
          {refused ? words.continue : words.tryAgain}
        </button>
      </div>
    );
  }
  return <Questions paper={paper.data} olympiadId={view.olympiad.id} />;
}

type PaperQuestion = {
  question: LearnerQuestion;
  module: LearnerPaper['modules'][number];
  moduleIndex: number;
  questionIndex: number;
  number: number;
  href: string;
};

function flatten(olympiadName: string, modules: LearnerPaper['modules']): PaperQuestion[] {
  const questions: PaperQuestion[] = [];
  modules.forEach((module, m) =>
    module.questions.forEach((question, q) =>
      questions.push({
        question,
        module,
        moduleIndex: m + 1,
        questionIndex: q + 1,
        number: questions.length + 1,
        href: stepPath(olympiadName, 'questions', `${m + 1}/${q + 1}`),
      }),
    ),
  );
  return questions;
}

const typed = (question: LearnerQuestion) => question.kind === 'numeric' || question.kind === 'shortText';

function Questions({ paper, olympiadId }: { paper: LearnerPaper; olympiadId: number }) {
  const { olympiadName = '', moduleIndex, questionIndex } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const words = useWords();
  const questions = useMemo(() => flatten(olympiadName, paper.modules), [olympiadName, paper.modules]);
  const index = questions.findIndex((entry) => String(entry.moduleIndex) === moduleIndex && String(entry.questionIndex) === questionIndex);
  const current = questions[index];
  const { queue, queueState, clock, modules, stopped, closing, showFinished } = useWriting(
    paper,
    olympiadId,
    `${moduleIndex}/${questionIndex}`,
    current?.module.moduleId ?? null,
  );
  const [answers, setAnswers] = useState(() => mergeAnswers(paper.answers, queue.waiting()));
  const [finishing, setFinishing] = useState<{ busy: boolean; failure: string | null; waiting: number | null } | null>(null);
  const [pictureTry, setPictureTry] = useState(0);
  /** A timed module's time ran out and the screen moved on to the next module. */
  const [movedOn, setMovedOn] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The module's own clock (the screen renders every second with the sitting's clock).
  const moduleLeft = current ? modules.left(current.module.moduleId, performance.now()) : null;
  const moduleOver = moduleLeft === 0;
  const locked = closing || clock.paused || stopped !== null || moduleOver;

  // A timed module whose time is up closes, and the learner goes on to the next module (or to
  // Finish after the last).
  const nextModuleHref = current ? questions.find((entry) => entry.moduleIndex > current.moduleIndex)?.href : undefined;
  useEffect(() => {
    if (!moduleOver || closing) return;
    if (nextModuleHref) {
      setMovedOn(true);
      navigate(nextModuleHref, { replace: true });
    } else {
      setFinishing((open) => open ?? { busy: false, failure: null, waiting: null });
    }
  }, [moduleOver, closing, nextModuleHref, navigate]);

  // A new question: the screen reader starts at its heading.
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current !== index) heading.current?.focus();
    shownIndex.current = index;
  }, [index]);

  const picture = usePicture(current?.question.imageUrl, pictureTry);

  // Sent here with no position known (another device, before any progress ping): the first
  // unanswered question. Once: the learner may then go anywhere.
  const firstUnanswered = (location.state as QuestionsEntry | null)?.firstUnanswered === true;
  useEffect(() => {
    if (!firstUnanswered) return;
    const target = questions.find((entry) => !isAnswered(answers.get(entry.question.questionId)?.answer)) ?? questions[0];
    navigate(target?.href ?? location.pathname, { replace: true, state: null });
  }, [firstUnanswered, questions, answers, navigate, location.pathname]);
  // The map and its counts change with the answers and the question shown, not with the clock's
  // tick, which renders this screen every second.
  const { answeredCount, flaggedCount, mapModules } = useMemo(() => {
    const mapModules: MapModule[] = paper.modules.map((module) => ({
      title: module.title,
      entries: questions
        .filter((entry) => entry.module === module)
        .map((entry) => {
          const saved = answers.get(entry.question.questionId);
          return { number: entry.number, href: entry.href, answered: isAnswered(saved?.answer), flagged: saved?.flagged ?? false, current: entry === current };
        }),
    }));
    const entries = mapModules.flatMap((module) => module.entries);
    return {
      mapModules,
      answeredCount: entries.filter((entry) => entry.answered).length,
      flaggedCount: entries.filter((entry) => entry.flagged).length,
    };
  }, [paper.modules, questions, answers, current]);
  if (!current) return questions[0] ? <Navigate to={questions[0].href} replace /> : <LearnerLoading />;

  const state = answers.get(current.question.questionId);
  const change = (questionId: number, next: { answer?: AnswerValue; flagged?: boolean }, typing: boolean) => {
    if (locked) return;
    const before = answers.get(questionId);
    const answer = next.answer !== undefined ? next.answer : (before?.answer ?? null);
    const flagged = next.flagged ?? before?.flagged ?? false;
    const saved = queue.record(
      { questionId, answer: answer === null ? null : answerToSave(answer), flagged },
      { delayMs: typing ? TYPING_PAUSE_MS : 0 },
    );
    setAnswers(new Map(answers).set(questionId, { answer, flagged, seq: saved.seq }));
  };

  const previous = questions[index - 1];
  const next = questions[index + 1];

  const finish = async () => {
    setFinishing({ busy: true, failure: null, waiting: null });
    if (!(await queue.drain())) return setFinishing({ busy: false, failure: null, waiting: queue.getState().waiting });
    try {
      const view = await finishSitting();
      queue.clear();
      queryClient.setQueryData(sittingKeys.view(), view);
      navigate(stepPath(olympiadName, 'finished'), { replace: true, state: { byClock: false } });
    } catch (error) {
      if (error instanceof ApiError && error.failure.code === 'finished') return showFinished({ byClock: false });
      setFinishing({ busy: false, failure: sittingMessage(error, words), waiting: null });
    }
  };

  return (
    <div className="sitting-questions">
      <SittingBar left={clock.left} paused={clock.paused} announced={clock.announced} queue={queueState} />
      {clock.paused && (
        <p className="lean-alert lean-alert--info sitting-paused" role="alert">
          {words.pausedBanner}
        </p>
      )}
      {moduleLeft !== null && !moduleOver && (
        <p className={`sitting-module-clock${moduleLeft <= 120 ? ' sitting-module-clock--low' : ''}`} role="timer" aria-live="off">
          {words.moduleTimeLeft} <span className="sitting-clock__time">{formatClock(moduleLeft)}</span>
        </p>
      )}
      {(moduleOver || movedOn) && (
        <p className="lean-alert lean-alert--info" role="status">
          {words.moduleOver}
        </p>
      )}
      {/* Not read out: the clock's own announcement says the time is up. */}
      {closing && <p className="lean-alert lean-alert--info">{words.timeUpClosing}</p>}
      {stopped && <Stopped reason={stopped} />}

      {finishing ? (
        <FinishPanel
          unanswered={questions.length - answeredCount}
          flagged={flaggedCount}
          waiting={finishing.waiting}
          busy={finishing.busy || closing}
          failure={finishing.failure}
          onFinish={finish}
          onBack={() => setFinishing(null)}
        />
      ) : (
        <>
          <article className="sitting-question" aria-labelledby="sitting-question-title">
            <div className="sitting-question__head">
              <div>
                <p className="lean-eyebrow">{current.module.title}</p>
                <h1 id="sitting-question-title" className="sitting-question__title" tabIndex={-1} ref={heading}>
                  {words.questionOf(current.number, questions.length)}
                </h1>
              </div>
              <button
                type="button"
                className="sitting-flag"
                aria-pressed={state?.flagged ?? false}
                disabled={locked}
                onClick={() => change(current.question.questionId, { flagged: !(state?.flagged ?? false) }, false)}
              >
                <span aria-hidden="true">⚑</span> {words.flag}
              </button>
            </div>
            {current.questionIndex === 1 && current.module.instructions.trim() !== '' && (
              <OlympiadText html={current.module.instructions} />
            )}
            <QuestionView
              key={current.question.questionId}
              question={{
                kind: current.question.kind,
                stem: current.question.stem,
                options: current.question.options,
                imageUrl: picture === 'failed' ? null : picture,
              }}
              language={paper.language}
              answer={state?.answer ?? (typed(current.question) ? '' : [])}
              onAnswer={(answer: QuestionViewAnswer) => change(current.question.questionId, { answer }, typed(current.question))}
              disabled={locked}
            />
            {picture === 'failed' && (
              <p className="lean-alert lean-alert--error">
                {words.pictureFailed}{' '}
                <button type="button" className="lean-link-button" onClick={() => setPictureTry((n) => n + 1)}>
                  {words.tryAgain}
                </button>
              </p>
            )}
          </article>
          <nav className="sitting-nav" aria-label={words.questionOf(current.number, questions.length)}>
            {previous ? (
              <Link className="lean-button lean-button--quiet sitting-nav__previous" to={previous.href}>
                <span aria-hidden="true">←</span> {words.previous}
              </Link>
            ) : (
              <span />
            )}
            {next && (
              <Link className="lean-button sitting-nav__next" to={next.href}>
                {words.next} <span aria-hidden="true">→</span>
              </Link>
            )}
          </nav>
          <QuestionMap modules={mapModules} answered={answeredCount} total={questions.length} />
          <div className="lean-actions sitting-finish-action">
            <button type="button" className={`lean-button${next ? ' lean-button--quiet' : ''}`} disabled={closing} onClick={() => setFinishing({ busy: false, failure: null, waiting: null })}>
              {words.finish}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/** A final refusal: the attempt moved to another device, or a teacher reset it. */
function Stopped({ reason }: { reason: string }) {
  const { olympiadName = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const words = useWords();
  const leave = () => {
    // Leave first: this screen, on the old attempt, would otherwise send the learner on by itself.
    navigate(stepPath(olympiadName, 'recovery'));
    void queryClient.resetQueries({ queryKey: sittingKeys.all });
  };
  return (
    <div className="lean-alert lean-alert--error" role="alert">
      <p className="sitting-alert__text">{words.stopped[reason] ?? words.stopped.refused}</p>
      {(reason === 'other_device' || reason === 'no_attempt' || reason === 'not_started') && (
        <button type="button" className="lean-button" onClick={leave}>
          {reason === 'other_device' ? words.enterRecoveryCode : words.toInstructions}
        </button>
      )}
    </div>
  );
}
