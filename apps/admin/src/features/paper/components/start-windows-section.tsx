// Settings and Actions: the olympiad's staggered start windows. A window opens the sitting for the
// schools it names only; a school without one writes in the olympiad's own sitting windows. Its
// learners wait in the lobby until it opens, and the sitting ends with it.
import { Button, Group, MultiSelect, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useController } from 'react-hook-form';
import { TextField } from '@olympiad/shared/ui/form/form-fields';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { useResourceEditor, type ResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { useConfirmedChange } from '@olympiad/shared/resource/use-confirmed-change';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { can } from '@olympiad/shared/access/can';
import { useStartWindows, useUpdateStartWindows, type StartWindows } from '../api/start-windows';
import { emptyStartWindow, onWindow, startWindowFormOf, startWindowSchema, windowsWith, type StartWindowRow } from '../start-windows-form';

export function StartWindowsSection({ olympiadId }: { olympiadId: number }) {
  const windows = useStartWindows(olympiadId);
  const update = useUpdateStartWindows(olympiadId);
  const saved = windows.data?.startWindows ?? [];
  const editor = useResourceEditor({
    schema: startWindowSchema,
    empty: emptyStartWindow,
    valuesOf: startWindowFormOf,
    save: async (values, row: StartWindowRow | null) => {
      const index = row?.index ?? saved.length;
      return onWindow(await update.mutateAsync(windowsWith(saved, row?.index ?? null, values)), index);
    },
  });
  const mayChange = can('PUT /api/olympiad/{id}/start-windows');

  const removing = useConfirmedChange();
  const remove = (row: StartWindowRow) =>
    removing.run({ title: 'Remove this start window?', message: 'Its schools then write in the olympiad’s own sitting windows.', danger: true, confirmLabel: 'Remove' }, () =>
      update.mutateAsync(windowsWith(saved, row.index, null)),
    );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="start-windows-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="start-windows-heading">
          Staggered start windows
        </Title>
        {mayChange && (
          <Button size="xs" onClick={editor.create}>
            Add a window
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Open the sitting for some schools at a time of their own, so that not every learner starts at once. A school without a window here writes in the
        olympiad’s sitting windows above. Each window lies inside one of them; a school has at most one window at a time.
      </Text>
      {windows.isError && <Text c="red">{windows.error.message}</Text>}
      {saved.length === 0 ? (
        <Text size="sm">No staggered windows: every school writes in the olympiad’s own windows.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Opens</Table.Th>
              <Table.Th>Closes</Table.Th>
              <Table.Th>Schools</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {saved.map((window, index) => {
              const row = { ...window, index };
              return (
                <Table.Tr key={window.id}>
                  <Table.Td>{formatDateTime(parseServerTime(window.startsAt))}</Table.Td>
                  <Table.Td>{formatDateTime(parseServerTime(window.endsAt))}</Table.Td>
                  <Table.Td>{schoolNames(windows.data, window.schoolIds)}</Table.Td>
                  <Table.Td>
                    {mayChange && (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => editor.edit(row)}>
                          Edit
                        </Button>
                        <Button size="xs" color="red" variant="light" onClick={() => void remove(row)}>
                          Remove
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <EditorModal editor={editor} title={(row) => (row ? `Start window ${row.index + 1}` : 'New start window')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Times are in your own time zone.
          </Text>
          <TextField control={editor.form.control} name="startsAt" label="Opens" type="datetime-local" required />
          <TextField control={editor.form.control} name="endsAt" label="Closes" type="datetime-local" required />
          <SchoolsField editor={editor} schools={windows.data?.schools ?? []} />
        </Stack>
      </EditorModal>
    </Paper>
  );
}

function schoolNames(data: StartWindows | undefined, ids: number[]): string {
  const names = ids.map((id) => data?.schools.find((school) => school.id === id)?.name ?? `#${id}`);
  return names.join(', ');
}

function SchoolsField({ editor, schools }: { editor: ResourceEditor<StartWindowRow, typeof startWindowSchema>; schools: StartWindows['schools'] }) {
  const { field, fieldState } = useController({ control: editor.form.control, name: 'schoolIds' });
  return (
    <MultiSelect
      label="Schools"
      required
      searchable
      data={schools.map((school) => ({ value: String(school.id), label: school.name }))}
      value={field.value ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      nothingFoundMessage="No school entered by that name"
    />
  );
}
