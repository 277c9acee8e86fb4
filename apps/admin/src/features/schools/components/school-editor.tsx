// Creating or changing a school, in a dialog; the server's field errors land on their fields.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { notify } from '@olympiad/shared/feedback/notifications';
import { SchoolFields } from '@olympiad/shared/features/schools/school-fields';
import { emptySchool, schoolInput, schoolSchema, schoolValues } from '@olympiad/shared/features/schools/school-schema';
import { saveSchool } from '../api/save-school';
import { schoolKeys, type SchoolRow } from '../api/get-schools';

export function SchoolEditor({ school, onClose }: { school: SchoolRow | 'new' | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(schoolSchema, emptySchool);
  const [error, setError] = useState<string | null>(null);
  const editing = school !== null && school !== 'new' ? school : null;

  useEffect(() => {
    setError(null);
    form.reset(editing ? schoolValues(editing) : emptySchool);
    // The form is reset only when another school is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [school]);

  const submit = form.handleSubmit(async (values) => {
    const result = await saveSchool(editing?.id ?? null, schoolInput(values));
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'name', e), Object.keys(emptySchool)));
      return;
    }
    notify(editing ? 'The school is saved.' : 'The school is added.', { tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: schoolKeys.all });
    onClose();
  });

  return (
    <FormModal
      opened={school !== null}
      title={editing ? `Edit ${editing.name}` : 'New school'}
      onClose={onClose}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      error={error}
    >
      <SchoolFields control={form.control} international />
    </FormModal>
  );
}
