// Pausing a school's sitting (load-shedding): why, for the activity log, then its writing learners'
// clocks stop and each keeps the time it had.
import { Text } from '@mantine/core';
import { TextField } from '../../../ui/form/form-fields';
import { EditorModal } from '../../../resource/editor-modal';
import { useResourceEditor } from '../../../resource/use-resource-editor';
import type { SchoolSitting } from '../api/get-monitor';
import { pauseSchema, usePauseSchool } from '../api/pause-school';

const why = { reason: 'Load-shedding' };

/** The pause dialog's editor: `edit(school)` asks why the school's sitting is paused. */
export function usePauseEditor(olympiadId: number) {
  const pausing = usePauseSchool();
  return useResourceEditor({
    schema: pauseSchema,
    empty: why,
    valuesOf: (_school: SchoolSitting) => why,
    save: async ({ reason }, school) => (school ? pausing.mutateAsync({ olympiadId, school, reason }) : null),
  });
}

export function PauseDialog({ editor }: { editor: ReturnType<typeof usePauseEditor> }) {
  return (
    <EditorModal editor={editor} title={(school) => (school ? `Pause the sitting at ${school.schoolName}?` : '')} size="md" submitLabel="Pause the sitting" submitColor="orange">
      <Text size="sm">
        The clocks of its writing learners stop and each keeps the time it had; their screens say the sitting is paused. Resume it when the power is back.
      </Text>
      <TextField control={editor.form.control} name="reason" label="Why" required />
    </EditorModal>
  );
}
