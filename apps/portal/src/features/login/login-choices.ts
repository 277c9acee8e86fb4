import type { LoginType } from '@olympiad/shared/features/auth/api/sign-in';
import type { Project } from '@olympiad/shared/features/projects/api/get-projects';

export const LOGIN_TYPES: { value: LoginType; label: string }[] = [
  { value: 'learner', label: 'Learner' },
  { value: 'teacher', label: 'Teacher' },
  { value: 'admin', label: 'Olympiad staff' },
  { value: 'overlord', label: 'Overlord' },
];

/** Learners and staff sign in to one olympiad; teachers may name one; overlord acts across all. */
export function olympiadRequired(loginType: LoginType): boolean {
  return loginType === 'learner' || loginType === 'admin';
}

export function olympiadAsked(loginType: LoginType): boolean {
  return loginType !== 'overlord';
}

export function usernameLabel(loginType: LoginType): string {
  return loginType === 'learner' ? 'Username or e-mail address' : 'E-mail address';
}

export type OlympiadChoice = { value: string; label: string };

/** Open olympiads first, then the rest, newest year first. */
export function olympiadChoices(projects: Project[] | undefined): OlympiadChoice[] {
  return (projects ?? [])
    .flatMap((project) => project.olympiads.map((olympiad) => ({ olympiad, project })))
    .sort((a, b) => Number(b.olympiad.isOpen) - Number(a.olympiad.isOpen) || b.olympiad.year - a.olympiad.year)
    .map(({ olympiad }) => ({ value: olympiad.name, label: olympiad.title }));
}
