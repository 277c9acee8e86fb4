// Sub Projects (overlord): /overlord/edit/{product}-sub-projects, the parts of a project with their own
// olympiads (a grade band of the review product), made and renamed here.
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { SelectField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { productProjectsQuery, subProjectSchema, subProjectsQuery, useSaveSubProject, type SubProject } from '../api/projects';

export function SubProjectsScreen({ route }: ScreenComponentProps) {
  const projects = useQuery(productProjectsQuery());
  const projectName = (id: number) => projects.data?.find((p) => p.id === id)?.name ?? String(id);
  const columns: GridColumn<SubProject>[] = [
    { id: 'project', header: 'Project', value: (s) => projectName(s.projectId) },
    { id: 'name', header: 'Name', value: (s) => s.name },
    { id: 'slug', header: 'Slug', value: (s) => s.slug },
  ];
  const grid = useWholeListGrid(subProjectsQuery(), columns);
  const save = useSaveSubProject();
  const editor = useResourceEditor({
    schema: subProjectSchema,
    empty: { projectId: '', slug: '', name: '' },
    valuesOf: ({ projectId, slug, name }: SubProject) => ({ projectId: String(projectId), slug, name }),
    save: (values, sub) => save.mutateAsync({ id: sub?.id ?? null, values }),
  });
  const rowActions: RowAction<SubProject>[] = [{ label: 'Edit', run: editor.edit }];
  const { control } = editor.form;
  const options = (projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <GridScreen title={route.title} description="Parts of a project with olympiads of their own.">
      <DataGrid<SubProject>
        label="Sub projects"
        {...grid}
        columns={columns}
        getRowId={(s) => String(s.id)} exportName="sub-projects"
        rowActions={rowActions}
        initialSort={[{ id: 'project', desc: false }]}
        searchPlaceholder="Search by name"
        toolbar={<Button onClick={editor.create}>New sub project</Button>}
      />
      <EditorModal editor={editor} title={(s) => (s ? `Edit ${s.name}` : 'New sub project')}>
        <SelectField control={control} name="projectId" label="Project" data={options} required />
        <TextField control={control} name="name" label="Name" required />
        <TextField control={control} name="slug" label="Slug" description="Lower-case words joined by hyphens" required />
      </EditorModal>
    </GridScreen>
  );
}
