// Resetting one learner: their attempt is set aside (kept for the record) and they start again from
// the instructions. Not to be done by a slip of the finger: the learner's username is typed first.
import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { alertError } from '../../../feedback/notifications';
import { RowModal } from '../../../resource/row-modal';
import type { RowDialog } from '../../../resource/use-row-dialog';
import type { LearnerSitting } from '../api/get-sitting-learners';
import { useResetLearner } from '../api/reset-learner';
import { learnerName } from './monitor-text';

export function ResetDialog({ olympiadId, dialog }: { olympiadId: number; dialog: RowDialog<LearnerSitting> }) {
  return (
    <RowModal dialog={dialog} title={(learner) => `Reset ${learnerName(learner)}?`} centered>
      {(learner) => <ResetConfirmation key={learner.participantId} olympiadId={olympiadId} learner={learner} onClose={dialog.close} />}
    </RowModal>
  );
}

/** Made anew for each learner, so that what was typed for another is gone. */
function ResetConfirmation({ olympiadId, learner, onClose }: { olympiadId: number; learner: LearnerSitting; onClose: () => void }) {
  const resetting = useResetLearner();
  const [typed, setTyped] = useState('');
  const reset = async () => {
    const result = await resetting.mutateAsync({ olympiadId, learner });
    if (!result.ok) return alertError(result.message);
    onClose();
  };
  return (
    <Stack>
      <Text size="sm">
        Their attempt is set aside (it is kept for the record, but no longer counts) and they start again from the
        instructions, with a new recovery code and the full time. A device they are writing on stops at once.
      </Text>
      <TextInput
        label={`Type their username, ${learner.username}, to reset them`}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" disabled={typed.trim() !== learner.username} loading={resetting.isPending} onClick={reset}>
          Reset the learner
        </Button>
      </Group>
    </Stack>
  );
}
