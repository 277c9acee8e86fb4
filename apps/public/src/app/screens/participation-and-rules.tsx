// Participation and Rules (public): /:projectName/participation-and-rules, who may write and how.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';

export default function Screen({ route }: ScreenComponentProps) {
  return <CopyPage kind="project" pageKey="participation-and-rules" title={route.title} fallback="The rules of this olympiad will appear here soon." />;
}
