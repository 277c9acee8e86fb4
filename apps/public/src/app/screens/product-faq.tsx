// FAQ (public): /{product}/faq, the product's questions and answers (kept under the overlord's FAQs).
import { productSlug } from '@olympiad/shared/access/product';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { FaqList } from '@olympiad/shared/features/content/components/faq-list';
import { CopyPage } from '../../features/pages/copy-page';

export default function ProductFaqScreen(_props: ScreenComponentProps) {
  return (
    <CopyPage kind="product" pageKey="faq" title="Frequently asked questions">
      <FaqList site={productSlug()} />
    </CopyPage>
  );
}
