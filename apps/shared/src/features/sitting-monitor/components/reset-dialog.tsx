// Resetting one learner: their attempt is set aside (kept for the record) and they start again from
// the instructions. Not to be done by a slip of the finger: the learner's username is typed first.
import { Text } from '@mantine/core';
import { RowModal } from '../../../resource/row-modal';
import { TypedConfirmation } from '../../../resource/typed-confirmation';
import type { RowDialog } from '../../../resource/use-row-dialog';
import type { LearnerSitting } from '../api/get-sitting-learners';
import { useResetLearner } from '../api/reset-learner';
import { learnerName } from './monitor-text';

export function ResetDialog({ olympiadId, dialog }: { olympiadId: number; dialog: RowDialog<LearnerSitting> }) {
  const resetting = useResetLearner();
  return (
    <RowModal dialog={dialog} title={(learner) => `Reset ${learnerName(learner)}?`} centered>
      {(learner) => (
        <TypedConfirmation
          key={learner.participantId}
          word={learner.username}
          label={`Type their username, ${learner.username}, to reset them`}
          confirmLabel="Reset the learner"
          change={() => resetting.mutateAsync({ olympiadId, learner })}
          onClose={dialog.close}
        >
          <Text size="sm">
            Their attempt is set aside (it is kept for the record, but no longer counts) and they start again from the
            instructions, with a new recovery code and the full time. A device they are writing on stops at once.
          </Text>
        </TypedConfirmation>
      )}
    </RowModal>
  );
}
