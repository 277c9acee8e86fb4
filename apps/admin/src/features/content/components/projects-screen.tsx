// Projects (overlord): /overlord/edit/{product}-projects, the product's projects (each with its public
// site): their names and the description the sites and link previews show. A project's slug, its sites'
// address, does not change.
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
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
  const rowActions: RowAction<ProductProject>[] = [{ label: 'Edit', run: editor.edit }];
  const { control } = editor.form;
  return (
    <GridScreen title={route.title} description="The product's projects, each with its own public site.">
      <DataGrid<ProductProject> label="Projects" {...grid} columns={columns} getRowId={(p) => String(p.id)} exportName="projects" rowActions={rowActions} initialSort={[{ id: 'name', desc: false }]} searchPlaceholder="Search by name" />
      <EditorModal editor={editor} title={(p) => `Edit ${p?.name ?? 'the project'}`}>
        <TextField control={control} name="name" label="Name" required />
        <TextareaField control={control} name="description" label="Description" minRows={3} />
      </EditorModal>
    </GridScreen>
  );
}
