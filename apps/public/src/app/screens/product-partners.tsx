// Our Partners (public): /{product}/our-partners, the organisations behind the olympiads.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';

export default function Screen({ route }: ScreenComponentProps) {
  return <CopyPage kind="product" pageKey="ourPartners" title={route.title} fallback="Our partners will be listed here soon." />;
}
