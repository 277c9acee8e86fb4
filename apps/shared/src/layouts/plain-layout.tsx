// The plain layout: sign-in, password pages, maintenance. No UI kit: learners sign in here on phones.
import type { LayoutComponentProps } from '../router/screen-types';

export default function PlainLayout({ children }: LayoutComponentProps) {
  return <main className="lean-page">{children}</main>;
}
