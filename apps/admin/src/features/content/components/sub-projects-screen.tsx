// Sub Projects (overlord): /overlord/edit/{product}-sub-projects, the parts of a project with their own
// olympiads (a grade band of the review product), made and renamed here.
import { useQuery } from '@tanstack/react-query';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { SelectField } from '@olympiad/shared/ui/form/form-fields';
import { fieldColumn } from '@olympiad/shared/resource/declared-fields';
import { FieldControl } from '@olympiad/shared/resource/field-control';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { emptySubProject, productProjectsQuery, subProjectFields, subProjectSchema, subProjectsQuery, useSaveSubProject, type SubProject } from '../api/projects';

export function SubProjectsScreen({ route }: ScreenComponentProps) {
  const projects = useQuery(productProjectsQuery());
  const projectName = (id: number) => projects.data?.find((p) => p.id === id)?.name ?? String(id);
  const columns: GridColumn<SubProject>[] = [
    { id: 'project', header: 'Project', value: (s) => projectName(s.projectId) },
    fieldColumn(subProjectFields, 'name'),
    fieldColumn(subProjectFields, 'slug'),
  ];
  const grid = useWholeListGrid(subProjectsQuery(), columns);
  const save = useSaveSubProject();
  const editor = useResourceEditor({
    schema: subProjectSchema,
    empty: emptySubProject,
    valuesOf: ({ projectId, slug, name }: SubProject) => ({ projectId: String(projectId), slug, name }),
    save: (values, sub) => save.mutateAsync({ id: sub?.id ?? null, values }),
  });
  const { control } = editor.form;
  const options = (projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <ResourceGrid
      title={route.title}
      description="Parts of a project with olympiads of their own."
      label="Sub projects"
      {...grid}
      columns={columns}
      rowActions={[editAction(editor)]}
      initialSort={[{ id: 'project', desc: false }]}
      searchPlaceholder="Search by name"
      editor={editor}
      create={{ label: 'New sub project' }}
      editorTitle={(s) => (s ? `Edit ${s.name}` : 'New sub project')}
    >
      <SelectField control={control} name="projectId" label="Project" data={options} required />
      <FieldControl control={control} fields={subProjectFields} name="name" />
      <FieldControl control={control} fields={subProjectFields} name="slug" />
    </ResourceGrid>
  );
}
