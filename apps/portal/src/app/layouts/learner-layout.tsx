// The learner's olympiad area: for phones on slow, costly data, so plain elements and a little CSS, no
// UI kit and no admin code.
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { LayoutComponentProps } from '@olympiad/shared/router/screen-types';
import { useStoredUser } from '@olympiad/shared/session/stored-user';
import { signOut } from '@olympiad/shared/features/auth/api/sign-out';
import { brandCssVariables } from '@olympiad/shared/ui/brand/brand-palette';
import { useWords } from '../../features/sitting/language';
import { answersWaitingOnDevice } from '../../features/sitting/answer-queue';
import { readAttemptKey } from '../../features/sitting/attempt-key';
import { sittingQuery } from '../../features/sitting/api/get-sitting';
import { deviceCopy } from '../../features/sitting/offline-copy';
import './learner-layout.css';

export default function LearnerLayout({ children }: LayoutComponentProps) {
  const { olympiadName = '' } = useParams();
  const user = useStoredUser();
  const words = useWords();
  // The screen loads the sitting anyway; its olympiad's title names the page.
  const sitting = useQuery({ ...sittingQuery(), enabled: user?.role === 'learner' });
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  return (
    <div className="learner" style={brandCssVariables(olympiadName)}>
      <header className="learner__bar">
        <span className="learner__olympiad">{sitting.data?.olympiad.title ?? olympiadTitle(olympiadName)}</span>
        <span className="learner__who">
          {name && <span className="learner__name">{name}</span>}
          <button
            type="button"
            className="learner__sign-out"
            onClick={async () => {
              const waiting = answersWaitingOnDevice(readAttemptKey());
              if (waiting > 0 && !window.confirm(words.signOutWaiting(waiting))) return;
              deviceCopy().forget();
              await signOut();
              window.location.replace(olympiadName ? `/${olympiadName}/login` : '/login');
            }}
          >
            {words.signOut}
          </button>
        </span>
      </header>
      <main className="learner__main">{children}</main>
    </div>
  );
}

/** Until the sitting is loaded (or for someone who is not a learner): a title from the address. */
function olympiadTitle(olympiadName: string): string {
  const words = olympiadName.replace(/[-_]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)} Olympiad` : 'Olympiad';
}
