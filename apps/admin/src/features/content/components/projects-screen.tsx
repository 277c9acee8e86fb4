// Projects (overlord): /overlord/edit/{product}-projects, the product's projects (each with its public
// site): a new one made, and their names and the description the sites and link previews show. A
// project's slug, its sites' address, and its kind are chosen when it is made and do not change.
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { SelectField, TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { productProjectsQuery, projectSchema, useSaveProject, type ProductProject } from '../api/projects';

const kinds = [
  { value: 'schools', label: 'schools enter' },
  { value: 'countries', label: 'countries enter' },
];

const columns: GridColumn<ProductProject>[] = [
  { id: 'name', header: 'Name', value: (p) => p.name },
  { id: 'slug', header: 'Site address', value: (p) => `/${p.slug}` },
  { id: 'kind', header: 'Kind', value: (p) => p.kind },
  { id: 'description', header: 'Description', value: (p) => p.description, sortable: false },
];

export function ProjectsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(productProjectsQuery(), columns);
  const save = useSaveProject();
  const editor = useResourceEditor({
    schema: projectSchema,
    empty: { slug: '', kind: 'schools', name: '', description: '' },
    valuesOf: ({ slug, kind, name, description }: ProductProject) => ({ slug, kind, name, description }),
    save: (values, project) => save.mutateAsync({ id: project?.id ?? null, values }),
  });
  const { control } = editor.form;
  return (
    <ResourceGrid
      title={route.title}
      description="The product's projects, each with its own public site."
      label="Projects"
      {...grid}
      columns={columns}
      rowActions={[editAction(editor, 'PUT /api/{product}-project/{id}')]}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name"
      editor={editor}
      create={{ label: 'New project', operation: 'POST /api/{product}-project' }}
      editorTitle={(p) => (p ? `Edit ${p.name}` : 'New project')}
      submitLabel={(p) => (p ? 'Save' : 'Make it')}
    >
      {editor.row === null && (
        <>
          <TextField control={control} name="slug" label="Site address" description="Lower-case words joined by hyphens: the site is at /maths. It cannot change later." required />
          <SelectField control={control} name="kind" label="Who enters its olympiads" data={kinds} required />
        </>
      )}
      <TextField control={control} name="name" label="Name" required />
      <TextareaField control={control} name="description" label="Description" minRows={3} />
    </ResourceGrid>
  );
}
