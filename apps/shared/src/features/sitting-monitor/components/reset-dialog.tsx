// Resetting one learner: their attempt is set aside (kept for the record) and they start again from
// the instructions. Not to be done by a slip of the finger: the learner's username is typed first.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { alertError } from '../../../feedback/notifications';
import type { LearnerSitting } from '../api/get-sitting-learners';
import { useResetLearner } from '../api/reset-learner';
import { learnerName } from './monitor-text';

export function ResetDialog({ olympiadId, learner, onClose }: { olympiadId: number; learner: LearnerSitting | null; onClose: () => void }) {
  const resetting = useResetLearner();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => setTyped(''), [learner]);

  const reset = async () => {
    if (!learner) return;
    setBusy(true);
    const result = await resetting.mutateAsync({ olympiadId, learner });
    setBusy(false);
    if (!result.ok) return alertError(result.message);
    onClose();
  };

  return (
    <Modal opened={learner !== null} onClose={onClose} title={learner ? `Reset ${learnerName(learner)}?` : ''} centered>
      {learner && (
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
            <Button color="red" disabled={typed.trim() !== learner.username} loading={busy} onClick={reset}>
              Reset the learner
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
