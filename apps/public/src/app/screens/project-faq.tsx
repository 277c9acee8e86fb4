// FAQ (public): /:projectName/faq, the project's questions and answers.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';
import { FaqList } from '@olympiad/shared/features/content/components/faq-list';
import { useSite } from '../../features/pages/components/use-site';

export default function ProjectFaqScreen(_props: ScreenComponentProps) {
  const site = useSite('project');
  return (
    <CopyPage kind="project" pageKey="faq" title="Frequently asked questions">
      <FaqList site={site.loading ? undefined : site.slug} />
    </CopyPage>
  );
}
