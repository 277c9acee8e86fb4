// Our Users (public): /{product}/our-users, the schools and organisations that use the olympiads.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';

export default function Screen({ route }: ScreenComponentProps) {
  return <CopyPage kind="product" pageKey="ourUsers" title={route.title} fallback="Our users will be listed here soon." />;
}
