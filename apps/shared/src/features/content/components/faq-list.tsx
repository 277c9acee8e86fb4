// A site's questions and answers, each answer opened by its question (details/summary: it works with
// the keyboard and screen readers, and needs no script of its own). Plain elements, so that the public
// FAQ pages load no UI kit.
import { RichText } from '../../../ui/lean/rich-text';
import { useFaqs } from '../api/get-faqs';
import classes from './faq-list.module.css';

export function FaqList({ site }: { site: string | undefined }) {
  const faqs = useFaqs(site);
  if (faqs.isPending)
    return (
      <div className={classes.loading} role="status">
        <span className="lean-spinner" aria-hidden="true" />
        <span>Loading the questions…</span>
      </div>
    );
  if (faqs.isError)
    return (
      <div className="lean-alert lean-alert--error" role="alert">
        {faqs.error.message}
      </div>
    );
  if (faqs.data.length === 0) return <p className={classes.empty}>No questions have been answered here yet.</p>;
  return (
    <div className={classes.list}>
      {faqs.data.map((faq) => (
        <details key={faq.id} className={classes.item}>
          <summary className={classes.question}>{faq.question}</summary>
          <RichText html={faq.answer} className={classes.answer} />
        </details>
      ))}
    </div>
  );
}
