// A site's questions and answers, each answer opened by its question (details/summary: it works with
// the keyboard and screen readers, and needs no script of its own).
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { RichText } from '../../../ui/lean/rich-text';
import { useFaqs } from '../api/get-faqs';
import classes from './faq-list.module.css';

export function FaqList({ site }: { site: string | undefined }) {
  const faqs = useFaqs(site);
  if (faqs.isPending) return <Skeleton height={160} radius="md" role="status" aria-label="Loading" />;
  if (faqs.isError) return <Alert color="red">{faqs.error.message}</Alert>;
  if (faqs.data.length === 0) return <Text c="dimmed">No questions have been answered here yet.</Text>;
  return (
    <Stack gap="xs">
      {faqs.data.map((faq) => (
        <details key={faq.id} className={classes.item}>
          <summary className={classes.question}>{faq.question}</summary>
          <RichText html={faq.answer} className={classes.answer} />
        </details>
      ))}
    </Stack>
  );
}
