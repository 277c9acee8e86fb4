// Extra time for one learner: how many minutes, and why (for the activity log).
import { Text } from '@mantine/core';
import { TextField } from '../../../ui/form/form-fields';
import { EditorModal } from '../../../resource/editor-modal';
import { useResourceEditor } from '../../../resource/use-resource-editor';
import { extraTimeSchema, useGiveExtraTime } from '../api/give-extra-time';
import type { LearnerSitting } from '../api/get-sitting-learners';
import { learnerName } from './monitor-text';

const EMPTY = { minutes: '10', reason: '' };

/** The extra-time dialog's editor: `edit(learner)` opens it for one learner. */
export function useExtraTimeEditor(olympiadId: number) {
  const giving = useGiveExtraTime();
  return useResourceEditor({
    schema: extraTimeSchema,
    empty: EMPTY,
    valuesOf: (_learner: LearnerSitting) => EMPTY,
    save: async ({ minutes, reason }, learner) => (learner ? giving.mutateAsync({ olympiadId, learner, minutes: Number(minutes), reason }) : null),
  });
}

export function ExtraTimeDialog({ editor }: { editor: ReturnType<typeof useExtraTimeEditor> }) {
  return (
    <EditorModal editor={editor} title={(learner) => (learner ? `Extra time for ${learnerName(learner)}` : '')} size="md" submitLabel="Give extra time">
      <Text size="sm">The minutes are added to the learner’s clock at once; their screen shows the new time within half a minute.</Text>
      <TextField control={editor.form.control} name="minutes" label="Minutes" type="number" required />
      <TextField control={editor.form.control} name="reason" label="Why" placeholder="A concession; the learner’s phone died" required />
    </EditorModal>
  );
}
