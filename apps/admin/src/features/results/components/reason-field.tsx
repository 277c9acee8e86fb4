// A change to the results asks why: the reason is kept with the change and in the activity log. Each
// such dialog is a resource editor whose form has this field (and the new marks, where they change).
import type { Control, FieldValues, Path } from 'react-hook-form';
import { TextareaField } from '@olympiad/shared/ui/form/form-fields';
import { reasonLimit } from '../api/moderate';

export function ReasonField<T extends FieldValues & { reason: string }>({ control }: { control: Control<T> }) {
  return (
    <TextareaField
      control={control}
      name={'reason' as Path<T>}
      label="Reason"
      description="Kept with the change and in the activity log."
      required
      minRows={2}
      maxLength={reasonLimit}
    />
  );
}
