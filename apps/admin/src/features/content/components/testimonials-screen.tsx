// Testimonials (overlord): /overlord/edit/testimonials, what teachers, learners and partners said,
// shown on each site's pages.
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { NumberField, SelectField, TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { testimonialsQuery, type Testimonial } from '@olympiad/shared/features/content/api/get-testimonials';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { testimonialSchema, useDeleteTestimonial, useSaveTestimonial, type TestimonialValues } from '../api/faqs';
import { useSiteOptions } from './site-options';

const columns: GridColumn<Testimonial>[] = [
  { id: 'site', header: 'Site', value: (t) => t.site },
  { id: 'position', header: 'Order', value: (t) => t.position },
  { id: 'author', header: 'Author', value: (t) => t.author },
  { id: 'affiliation', header: 'School or organisation', value: (t) => t.affiliation },
  { id: 'quote', header: 'Quote', value: (t) => t.quote, sortable: false },
];

const empty: TestimonialValues = { site: '', quote: '', author: '', affiliation: '', position: 0 };

export function TestimonialsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(testimonialsQuery(), columns);
  const sites = useSiteOptions(false);
  const save = useSaveTestimonial();
  const remove = useDeleteTestimonial();
  const editor = useResourceEditor({
    schema: testimonialSchema,
    empty,
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
      <SelectField control={control} name="site" label="Site" data={sites} required />
      <TextareaField control={control} name="quote" label="Quote" required minRows={3} />
      <TextField control={control} name="author" label="Author" required />
      <TextField control={control} name="affiliation" label="School or organisation" />
      <NumberField control={control} name="position" label="Order" description="Smaller numbers come first" />
    </ResourceGrid>
  );
}
