// Testimonials (overlord): /overlord/edit/testimonials, what teachers, learners and partners said,
// shown on each site's pages.
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { fieldColumn } from '@olympiad/shared/resource/declared-fields';
import { FieldControl } from '@olympiad/shared/resource/field-control';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { testimonialsQuery, type Testimonial } from '@olympiad/shared/features/content/api/get-testimonials';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { emptyTestimonial, testimonialFields, testimonialSchema, useDeleteTestimonial, useSaveTestimonial } from '../api/faqs';
import { useSiteOptions } from './site-options';

const columns: GridColumn<Testimonial>[] = [
  fieldColumn(testimonialFields, 'site'),
  fieldColumn(testimonialFields, 'position'),
  fieldColumn(testimonialFields, 'author'),
  fieldColumn(testimonialFields, 'affiliation'),
  fieldColumn(testimonialFields, 'quote'),
];

export function TestimonialsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(testimonialsQuery(), columns);
  const sites = useSiteOptions(false);
  const save = useSaveTestimonial();
  const remove = useDeleteTestimonial();
  const editor = useResourceEditor({
    schema: testimonialSchema,
    empty: emptyTestimonial,
    valuesOf: ({ site, quote, author, affiliation, position }: Testimonial) => ({ site, quote, author, affiliation, position }),
    save: (values, testimonial) => save.mutateAsync({ id: testimonial?.id ?? null, values }),
  });
  const rowActions = [
    editAction(editor),
    deleteAction<Testimonial>({ confirm: (t) => ({ title: 'Delete this testimonial?', message: `${t.author}: ${t.quote}` }), change: (t) => remove.mutateAsync(t.id) }),
  ];
  const { control } = editor.form;
  return (
    <ResourceGrid
      title={route.title}
      description="What people said about the olympiads, shown on the sites' pages."
      label="Testimonials"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'site', desc: false }]}
      searchPlaceholder="Search by author or quote"
      editor={editor}
      create={{ label: 'New testimonial' }}
      editorTitle={(t) => (t ? 'Edit the testimonial' : 'New testimonial')}
    >
      <FieldControl control={control} fields={testimonialFields} name="site" data={sites} />
      <FieldControl control={control} fields={testimonialFields} name="quote" />
      <FieldControl control={control} fields={testimonialFields} name="author" />
      <FieldControl control={control} fields={testimonialFields} name="affiliation" />
      <FieldControl control={control} fields={testimonialFields} name="position" />
    </ResourceGrid>
  );
}
