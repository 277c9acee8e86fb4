// About (public): /{product}/about, the provider and its olympiads, as written under Website Copy.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';

export default function Screen({ route }: ScreenComponentProps) {
  return <CopyPage kind="product" pageKey="about" title={route.title} fallback="The story of the olympiads is being written." />;
}
