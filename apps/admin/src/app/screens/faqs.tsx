// FAQs (overlord): every site's questions and answers.
export { FaqsScreen as default } from '../../features/content/components/faqs-screen';
