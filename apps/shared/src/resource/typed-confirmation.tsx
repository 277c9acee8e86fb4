// A change not to be made by a slip of the finger (resetting a learner, or every participant of an
// olympiad): its red button works only once a word is typed (their username, the olympiad's name); the
// change is sent, a refusal alerted, and the dialog closed once it is made. The dialog around it makes
// it anew each time it opens, so that what was typed before is gone.
import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { ApiResult } from '../api/envelope';
import { alertError } from '../feedback/notifications';

export type TypedConfirmationProps = {
  /** What is to be typed. */
  word: string;
  /** The field's label, which names the word. */
  label: string;
  confirmLabel: string;
  /** The change, usually a mutation's `mutateAsync`, which says it worked and refreshes its lists. */
  change: () => Promise<ApiResult<unknown>>;
  /** Closes the dialog: on Cancel, and once the change is made. */
  onClose: () => void;
  /** What the change does, above the field. */
  children: ReactNode;
};

export function TypedConfirmation({ word, label, confirmLabel, change, onClose, children }: TypedConfirmationProps) {
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    const result = await change().finally(() => setRunning(false));
    if (!result.ok) return alertError(result.message);
    onClose();
  };
  return (
    <Stack>
      {children}
      <TextInput label={label} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} autoComplete="off" data-autofocus />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" disabled={typed.trim() !== word} loading={running} onClick={() => void run()}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
