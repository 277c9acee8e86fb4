// FAQs (overlord): /overlord/edit/faqs, the questions and answers of every site (the product's, each
// project's, the teacher portal's), in their order.
import { Button } from '@mantine/core';
import { useController } from 'react-hook-form';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { NumberField, SelectField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { RichTextEditor } from '@olympiad/shared/ui/form/rich-text-field';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
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
  const rowActions: RowAction<Faq>[] = [
    { label: 'Edit', run: editor.edit },
    deleteAction<Faq>({ confirm: (f) => ({ title: 'Delete this question?', message: f.question }), change: (f) => remove.mutateAsync(f.id) }),
  ];
  const { control } = editor.form;
  return (
    <GridScreen title={route.title} description="The questions and answers of each site; the sites show them at once.">
      <DataGrid<Faq>
        label="FAQs"
        {...grid}
        columns={columns}
        getRowId={(f) => String(f.id)} exportName="faqs"
        rowActions={rowActions}
        initialSort={[{ id: 'site', desc: false }]}
        searchPlaceholder="Search the questions"
        toolbar={<Button onClick={editor.create}>New question</Button>}
      />
      <EditorModal editor={editor} size="lg" title={(faq) => (faq ? 'Edit the question' : 'New question')}>
        <SelectField control={control} name="site" label="Site" data={sites} required />
        <TextField control={control} name="question" label="Question" required />
        <RichTextEditor label="Answer" value={answer.field.value} onChange={answer.field.onChange} onBlur={answer.field.onBlur} error={answer.fieldState.error?.message} />
        <NumberField control={control} name="position" label="Order" description="Smaller numbers come first" />
      </EditorModal>
    </GridScreen>
  );
}
