// Pausing a school's sitting (load-shedding): why, for the activity log, then its writing learners'
// clocks stop and each keeps the time it had.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { FormAlert, SubmitButton, TextField } from '../../../ui/form/form-fields';
import { applyServerErrors } from '../../../ui/form/server-errors';
import type { SchoolSitting } from '../api/get-monitor';
import { pauseSchema, usePauseSchool } from '../api/pause-school';

export function PauseDialog({ olympiadId, school, onClose }: { olympiadId: number; school: SchoolSitting | null; onClose: () => void }) {
  const pausing = usePauseSchool();
  const form = useZodForm(pauseSchema, { reason: 'Load-shedding' });
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (school) {
      form.reset({ reason: 'Load-shedding' });
      setFormError(null);
    }
  }, [school, form]);

  const submit = form.handleSubmit(async ({ reason }) => {
    if (!school) return;
    const result = await pausing.mutateAsync({ olympiadId, school, reason });
    if (!result.ok) return setFormError(applyServerErrors(result, (name, error) => form.setError(name as 'reason', error), ['reason']));
    onClose();
  });

  return (
    <Modal opened={school !== null} onClose={onClose} title={school ? `Pause the sitting at ${school.schoolName}?` : ''} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            The clocks of its writing learners stop and each keeps the time it had; their screens say the sitting is paused.
            Resume it when the power is back.
          </Text>
          <FormAlert message={formError} />
          <TextField control={form.control} name="reason" label="Why" required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton submitting={form.formState.isSubmitting} color="orange">
              Pause the sitting
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
