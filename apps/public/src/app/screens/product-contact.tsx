// Contact (public): /{product}/contact, the office's contact details (Website Copy) and a form that
// reaches the office of the olympiad the writer chooses.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';
import { MessageForm } from '../../features/pages/components/message-form';

export default function ProductContactScreen({ route }: ScreenComponentProps) {
  return (
    <CopyPage kind="product" pageKey="contact" title={route.title}>
      <MessageForm kind="contact" heading="Send us a message" />
    </CopyPage>
  );
}
