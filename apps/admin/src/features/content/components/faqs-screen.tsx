// FAQs (overlord): /overlord/edit/faqs, the questions and answers of every site (the product's, each
// project's, the teacher portal's), in their order.
import { useController } from 'react-hook-form';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { fieldColumn } from '@olympiad/shared/resource/declared-fields';
import { FieldControl } from '@olympiad/shared/resource/field-control';
import { RichTextEditor } from '@olympiad/shared/ui/form/rich-text-field';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { faqsQuery, type Faq } from '@olympiad/shared/features/content/api/get-faqs';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { emptyFaq, faqFields, faqSchema, useDeleteFaq, useSaveFaq } from '../api/faqs';
import { useSiteOptions } from './site-options';

const columns: GridColumn<Faq>[] = [
  fieldColumn(faqFields, 'site'),
  fieldColumn(faqFields, 'position'),
  fieldColumn(faqFields, 'question'),
];

export function FaqsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(faqsQuery(), columns);
  const sites = useSiteOptions(true);
  const save = useSaveFaq();
  const remove = useDeleteFaq();
  const editor = useResourceEditor({
    schema: faqSchema,
    empty: emptyFaq,
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
      <FieldControl control={control} fields={faqFields} name="site" data={sites} />
      <FieldControl control={control} fields={faqFields} name="question" />
      <RichTextEditor label="Answer" value={answer.field.value} onChange={answer.field.onChange} onBlur={answer.field.onBlur} error={answer.fieldState.error?.message} />
      <FieldControl control={control} fields={faqFields} name="position" />
    </ResourceGrid>
  );
}
