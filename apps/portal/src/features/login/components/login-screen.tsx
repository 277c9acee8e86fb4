// /login and /:olympiadName/login: plain, or in the olympiad's project colours when an olympiad is in the
// address. After the successful-login event (100 ms after the user is stored) each role goes home.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { homeOf } from '@olympiad/shared/access/access-matrix';
import { brandCssVariables } from '@olympiad/shared/ui/brand/brand-palette';
import { BrandHeader } from '@olympiad/shared/ui/lean/brand-header';
import { findOlympiad, useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { onSessionEvent } from '@olympiad/shared/session/session-events';
import { isLoggedIn, useStoredUser } from '@olympiad/shared/session/stored-user';
import { signOut } from '@olympiad/shared/features/auth/api/sign-out';
import { useGoTo } from '@olympiad/shared/router/navigation';
import type { LoginType } from '@olympiad/shared/features/auth/api/sign-in';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { SignInForm } from './sign-in-form';
import { TwoFactorSetup } from './two-factor-setup';
import { ForgotPasswordForm } from './forgot-password-form';
import { olympiadChoices } from '../login-choices';

type Step = { name: 'signIn' } | { name: 'twoFactorSetup'; setupToken: string } | { name: 'forgot'; username: string; olympiadName: string };

const ALL_LOGIN_TYPES: LoginType[] = ['learner', 'teacher', 'admin', 'overlord'];
const OLYMPIAD_LOGIN_TYPES: LoginType[] = ['learner', 'teacher', 'admin'];

export function LoginScreen(_props: ScreenComponentProps) {
  const { olympiadName: olympiadParam } = useParams();
  const olympiadName = olympiadParam ?? null;
  // Closed olympiads of this year are listed too: their staff prepare the paper and their teachers
  // fetch certificates while learners cannot write.
  const projects = useProjects(true);
  const context = findOlympiad(projects.data, olympiadParam);
  const goTo = useGoTo();
  const storedUser = useStoredUser();
  const [step, setStep] = useState<Step>({ name: 'signIn' });
  // Someone already signed in who opens /login is offered to continue or to switch accounts; decided
  // once, so that a sign-in on this page does not swap the form for the notice before the redirect.
  const [offerContinue, setOfferContinue] = useState(() => isLoggedIn());

  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type === 'loginSuccess') goTo(homeOf(event.user), { replace: true });
      }),
    [goTo],
  );

  useEffect(() => {
    const where = context ? `${context.olympiad.title}` : 'Olympiads';
    document.title = `Sign in · ${where}`;
  }, [context]);

  const brandName = context?.project.name ?? (olympiadName ? titleOf(olympiadName) : 'Olympiads');
  const brandSub = context
    ? context.olympiad.title === context.project.name
      ? `The ${context.olympiad.year} olympiad`
      : context.olympiad.title
    : olympiadName
      ? 'Sign in to the olympiad'
      : 'Learners, teachers and olympiad staff';

  return (
    <div className="login" style={brandCssVariables(context?.project.slug ?? (olympiadName ? olympiadName : null))}>
      <div className="lean-card lean-card--narrow">
        <BrandHeader name={brandName} sub={brandSub} />
        {offerContinue && storedUser?.accessToken && step.name === 'signIn' ? (
          <SignedInNotice
            name={storedUser.firstName || storedUser.email || storedUser.username || 'you'}
            onContinue={() => goTo(homeOf(storedUser))}
            onSignOut={() => {
              setOfferContinue(false);
              void signOut();
            }}
          />
        ) : (
          <>
            {step.name === 'signIn' && (
              <>
                <h1>Sign in</h1>
                <SignInForm
                  olympiadName={olympiadName}
                  olympiadChoices={olympiadChoices(projects.data)}
                  defaultLoginType={olympiadName ? 'learner' : 'teacher'}
                  allowedLoginTypes={olympiadName ? OLYMPIAD_LOGIN_TYPES : ALL_LOGIN_TYPES}
                  onTwoFactorSetup={(setupToken) => setStep({ name: 'twoFactorSetup', setupToken })}
                  onForgotPassword={(username, chosenOlympiad) =>
                    setStep({ name: 'forgot', username, olympiadName: olympiadName ?? chosenOlympiad })
                  }
                />
              </>
            )}
            {step.name === 'twoFactorSetup' && (
              <TwoFactorSetup setupToken={step.setupToken} onCancel={() => setStep({ name: 'signIn' })} />
            )}
            {step.name === 'forgot' && (
              <ForgotPasswordForm
                username={step.username}
                olympiadName={step.olympiadName}
                olympiadFixed={olympiadName !== null}
                onBack={() => setStep({ name: 'signIn' })}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}

function SignedInNotice({ name, onContinue, onSignOut }: { name: string; onContinue: () => void; onSignOut: () => void }) {
  return (
    <>
      <h1>You are signed in</h1>
      <p>Signed in as {name}.</p>
      <p className="lean-actions">
        <button type="button" className="lean-button" onClick={onContinue}>
          Continue
        </button>
        <button type="button" className="lean-link-button" onClick={onSignOut}>
          Sign out and use another account
        </button>
      </p>
    </>
  );
}

function titleOf(slug: string): string {
  return slug.replace(/[-_]+/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
}
