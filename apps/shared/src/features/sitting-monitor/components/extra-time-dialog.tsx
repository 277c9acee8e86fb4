// Extra time for one learner: how many minutes, and why (for the activity log).
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { FormAlert, SubmitButton, TextField } from '../../../ui/form/form-fields';
import { applyServerErrors } from '../../../ui/form/server-errors';
import { extraTimeSchema, useGiveExtraTime } from '../api/give-extra-time';
import type { LearnerSitting } from '../api/get-sitting-learners';
import { learnerName } from './monitor-text';

const EMPTY = { minutes: '10', reason: '' };

export function ExtraTimeDialog({ olympiadId, learner, onClose }: { olympiadId: number; learner: LearnerSitting | null; onClose: () => void }) {
  const giving = useGiveExtraTime();
  const form = useZodForm(extraTimeSchema, EMPTY);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (learner) {
      form.reset(EMPTY);
      setFormError(null);
    }
  }, [learner, form]);

  const submit = form.handleSubmit(async ({ minutes, reason }) => {
    if (!learner) return;
    const result = await giving.mutateAsync({ olympiadId, learner, minutes: Number(minutes), reason });
    if (!result.ok) {
      return setFormError(applyServerErrors(result, (name, error) => form.setError(name as 'minutes' | 'reason', error), ['minutes', 'reason']));
    }
    onClose();
  });

  return (
    <Modal opened={learner !== null} onClose={onClose} title={learner ? `Extra time for ${learnerName(learner)}` : ''} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">The minutes are added to the learner’s clock at once; their screen shows the new time within half a minute.</Text>
          <FormAlert message={formError} />
          <TextField control={form.control} name="minutes" label="Minutes" type="number" required />
          <TextField control={form.control} name="reason" label="Why" placeholder="A concession; the learner’s phone died" required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton submitting={form.formState.isSubmitting}>Give extra time</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
