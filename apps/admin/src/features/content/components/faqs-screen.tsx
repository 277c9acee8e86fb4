// FAQs (overlord): /overlord/edit/faqs, the questions and answers of every site (the product's, each
// project's, the teacher portal's), in their order.
import { useController } from 'react-hook-form';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { NumberField, SelectField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { RichTextEditor } from '@olympiad/shared/ui/form/rich-text-field';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { faqsQuery, type Faq } from '@olympiad/shared/features/content/api/get-faqs';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { faqSchema, useDeleteFaq, useSaveFaq, type FaqValues } from '../api/faqs';
import { useSiteOptions } from './site-options';

const columns: GridColumn<Faq>[] = [
  { id: 'site', header: 'Site', value: (f) => f.site },
  { id: 'position', header: 'Order', value: (f) => f.position },
  { id: 'question', header: 'Question', value: (f) => f.question },
];

const empty: FaqValues = { site: '', question: '', answer: '', position: 0 };

export function FaqsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(faqsQuery(), columns);
  const sites = useSiteOptions(true);
  const save = useSaveFaq();
  const remove = useDeleteFaq();
  const editor = useResourceEditor({
    schema: faqSchema,
    empty,
    valuesOf: ({ site, question, answer, position }: Faq) => ({ site, question, answer, position }),
    save: (values, faq) => save.mutateAsync({ id: faq?.id ?? null, values }),
  });
  const answer = useController({ control: editor.form.control, name: 'answer' });
  const rowActions = [
    editAction(editor),
    deleteAction<Faq>({ confirm: (f) => ({ title: 'Delete this question?', message: f.question }), change: (f) => remove.mutateAsync(f.id) }),
  ];
  const { control } = editor.form;
  return (
    <ResourceGrid
      title={route.title}
      description="The questions and answers of each site; the sites show them at once."
      label="FAQs"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'site', desc: false }]}
      searchPlaceholder="Search the questions"
      editor={editor}
      create={{ label: 'New question' }}
      editorTitle={(faq) => (faq ? 'Edit the question' : 'New question')}
      editorSize="lg"
    >
      <SelectField control={control} name="site" label="Site" data={sites} required />
      <TextField control={control} name="question" label="Question" required />
      <RichTextEditor label="Answer" value={answer.field.value} onChange={answer.field.onChange} onBlur={answer.field.onBlur} error={answer.fieldState.error?.message} />
      <NumberField control={control} name="position" label="Order" description="Smaller numbers come first" />
    </ResourceGrid>
  );
}
