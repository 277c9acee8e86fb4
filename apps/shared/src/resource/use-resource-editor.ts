// The create-or-edit dialog of a back-office list: which row is open (or a new one), the form filled
// from it when it opens, the server's validation messages on their fields (what no field takes goes in
// the form's alert), and the dialog closed once the save is made. The save itself, with its sentence
// and the lists it refreshes, is the feature's mutation hook.
import { useState, type BaseSyntheticEvent } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ApiResult } from '../api/envelope';
import { applyServerErrors } from '../ui/form/server-errors';
import { useZodForm } from '../ui/form/use-zod-form';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ResourceEditorOptions<Row, Schema extends FormSchema> = {
  schema: Schema;
  /** The form of a new row. */
  empty: z.input<Schema>;
  /** The form of an existing row. */
  valuesOf: (row: Row) => z.input<Schema>;
  /** Sends the form: `row` is null for a new one. Usually the feature's mutation, `mutateAsync`. It
   * answers null when nothing was sent (the person said no to a confirmation): the dialog stays open. */
  save: (values: z.output<Schema>, row: Row | null) => Promise<ApiResult<unknown> | null>;
  /** The names the server's validation messages may use; by default the form's own. */
  serverFields?: readonly string[];
  /** What the dialog keeps beside the form (a chosen school) is set from the row here. */
  onOpen?: (row: Row | null) => void;
};

export type ResourceEditor<Row, Schema extends FormSchema> = {
  /** The row being changed; null while a new one is made or nothing is open. */
  row: Row | null;
  opened: boolean;
  edit: (row: Row) => void;
  create: () => void;
  close: () => void;
  form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;
  /** The form's own message: what the server said that no field takes. */
  error: string | null;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
};

export function useResourceEditor<Row, Schema extends FormSchema>({
  schema,
  empty,
  valuesOf,
  save,
  serverFields,
  onOpen,
}: ResourceEditorOptions<Row, Schema>): ResourceEditor<Row, Schema> {
  const form = useZodForm(schema, empty as DefaultValues<z.input<Schema>>);
  const [target, setTarget] = useState<{ row: Row | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const row = target?.row ?? null;

  const open = (next: Row | null) => {
    setError(null);
    form.reset(next === null ? empty : valuesOf(next));
    onOpen?.(next);
    setTarget({ row: next });
  };

  const fields = serverFields ?? Object.keys(empty);
  const submit = form.handleSubmit(async (values) => {
    const result = await save(values, row);
    if (result === null) return;
    if (!result.ok) {
      setError(applyServerErrors(result, (name, message) => form.setError(name as Path<z.input<Schema>>, message), fields));
      return;
    }
    setTarget(null);
  });

  return {
    row,
    opened: target !== null,
    edit: (next) => open(next),
    create: () => open(null),
    close: () => setTarget(null),
    form,
    error,
    submit,
    submitting: form.formState.isSubmitting,
  };
}
