// About (public): /:projectName/about, the project's own story.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';

export default function Screen({ route }: ScreenComponentProps) {
  return <CopyPage kind="project" pageKey="about" title={route.title} fallback="More about this olympiad will appear here soon." />;
}
