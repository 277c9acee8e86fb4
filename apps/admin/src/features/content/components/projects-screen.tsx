// Projects (overlord): /overlord/edit/{product}-projects, the product's projects (each with its public
// site): their names and the description the sites and link previews show. A project's slug, its sites'
// address, does not change.
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { productProjectsQuery, projectSchema, useSaveProject, type ProductProject } from '../api/projects';

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
    empty: { name: '', description: '' },
    valuesOf: ({ name, description }: ProductProject) => ({ name, description }),
    save: (values, project) => save.mutateAsync({ id: project?.id ?? 0, values }),
  });
  const { control } = editor.form;
  return (
    <ResourceGrid
      title={route.title}
      description="The product's projects, each with its own public site."
      label="Projects"
      {...grid}
      columns={columns}
      rowActions={[editAction(editor)]}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name"
      editor={editor}
      editorTitle={(p) => `Edit ${p?.name ?? 'the project'}`}
    >
      <TextField control={control} name="name" label="Name" required />
      <TextareaField control={control} name="description" label="Description" minRows={3} />
    </ResourceGrid>
  );
}
