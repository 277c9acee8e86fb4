// A form over one record (a teacher's profile, a school's details, the medal bands, a question): filled
// from the record, and filled again when the record's values change (another record chosen, or the one
// the server answers with after a save), but not when a refresh brings the same values, so what is
// being typed stays. The server's validation messages go on their fields, what no field takes in the
// form's alert. The save itself, with its sentence and the lists it refreshes, is the feature's
// mutation hook; `useResourceEditor` is the same for a list's create-or-edit dialog.
import { useEffect, useState, type BaseSyntheticEvent } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ApiResult } from '../api/envelope';
import { applyServerErrors } from '../ui/form/server-errors';
import { useZodForm } from '../ui/form/use-zod-form';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type RecordFormOptions<Record, Schema extends FormSchema, Data> = {
  schema: Schema;
  /** The record: null for a new one (the form is `empty`), undefined while none is loaded or open (the form is left as it is). */
  record: Record | null | undefined;
  valuesOf: (record: Record) => z.input<Schema>;
  /** The form of a new record. */
  empty?: z.input<Schema>;
  /** Sends the form, usually a mutation's `mutateAsync`; null when nothing was sent (a confirmation answered no). */
  save: (values: z.output<Schema>) => Promise<ApiResult<Data> | null>;
  /** The names the server's validation messages may use; by default the form's own. */
  serverFields?: readonly string[];
  /** The server names the fields under this prefix (`school.` when the school is one part of what it takes). */
  serverPrefix?: string;
  /** What follows a save that was made (a dialog closes, an invitation form empties). */
  onSaved?: (data: Data, form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>) => void;
};

export type RecordForm<Schema extends FormSchema> = {
  form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;
  /** The form's own message: what the server said that no field takes. */
  error: string | null;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
};

export function useRecordForm<Record, Schema extends FormSchema, Data = unknown>({
  schema,
  record,
  valuesOf,
  empty,
  save,
  serverFields,
  serverPrefix = '',
  onSaved,
}: RecordFormOptions<Record, Schema, Data>): RecordForm<Schema> {
  const values = record === undefined || record === null ? (record === null ? empty : undefined) : valuesOf(record);
  const form = useZodForm(schema, (values ?? empty ?? {}) as DefaultValues<z.input<Schema>>);
  const [error, setError] = useState<string | null>(null);
  // The values compared as text: a refresh answers a new object with the same values.
  const filled = values === undefined ? undefined : JSON.stringify(values);
  useEffect(() => {
    if (values === undefined) return;
    setError(null);
    form.reset(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `filled` is `values`, compared by what they hold
  }, [filled]);
  const fields = serverFields ?? Object.keys(values ?? empty ?? {});
  const submit = form.handleSubmit(async (output) => {
    setError(null);
    const result = await save(output);
    if (result === null) return;
    if (!result.ok) {
      const named = Object.fromEntries(Object.entries(result.fields).map(([name, message]) => [name.startsWith(serverPrefix) ? name.slice(serverPrefix.length) : name, message]));
      setError(applyServerErrors({ ...result, fields: named }, (name, message) => form.setError(name as Path<z.input<Schema>>, message), fields));
      return;
    }
    onSaved?.(result.data, form);
  });
  return { form, error, submit, submitting: form.formState.isSubmitting };
}
