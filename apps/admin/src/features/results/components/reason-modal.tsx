// A change to the results asks why: the reason is kept with the change and in the activity log.
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { limits } from '@olympiad/shared/lib/field-limits';

// Every change to the results (adjust, decide, disqualify, remark, state) keeps its reason; the modal
// takes the shortest of their limits.
const reasonLimit = Math.min(...[limits.AdjustInput, limits.DecideInput, limits.DisqualifyInput, limits.RemarkInput, limits.StateInput].map((input) => input.reason.maxLength));

export type ReasonModalProps = {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** Fields above the reason (the new marks). */
  children?: ReactNode;
  confirmLabel: string;
  /** Runs with the reason; answers whether it was done (the modal then closes). */
  onConfirm: (reason: string) => Promise<boolean>;
  busy?: boolean;
};

export function ReasonModal({ title, opened, onClose, children, confirmLabel, onConfirm, busy }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (reason.trim() === '') {
      setError('Say why: the reason is kept with the change.');
      return;
    }
    setError(null);
    if (await onConfirm(reason.trim())) {
      setReason('');
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {children}
        <Textarea
          label="Reason"
          description="Kept with the change and in the activity log."
          required
          autosize
          minRows={2}
          maxLength={reasonLimit}
          value={reason}
          error={error}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
