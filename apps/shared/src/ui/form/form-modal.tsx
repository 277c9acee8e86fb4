// A create or edit form in a dialog: the form's fields as children, one submit button, the form's own
// message above the fields. The caller owns the react-hook-form state and the submit handler.
import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { FormAlert, SubmitButton } from './form-fields';

export type FormModalProps = {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel?: string;
  /** The submit button's colour, for a change that stops something (pausing a sitting). */
  submitColor?: string;
  error?: string | null;
  size?: string;
  children: ReactNode;
};

export function FormModal({ opened, title, onClose, onSubmit, submitting, submitLabel = 'Save', submitColor, error, size = 'lg', children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FormAlert message={error} />
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton submitting={submitting} color={submitColor}>
              {submitLabel}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
