// The editor's control of a declared field (./declared-fields): the form's input of its kind, with its
// label, description and whether it is required.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { SelectOption } from '../ui/data-grid/grid-types';
import { NumberField, SelectField, TextareaField, TextField } from '../ui/form/form-fields';
import type { DeclaredField } from './declared-fields';

type FieldControlProps<T extends FieldValues, K extends FieldPath<T>, F extends Record<K, DeclaredField>> = {
  control: Control<T>;
  fields: F;
  name: K;
  /** The choices of a list (read when the screen opens). */
  data?: SelectOption[];
};

/** The editor's control of a field, with the field's label, type and whether it is required. */
export function FieldControl<T extends FieldValues, K extends FieldPath<T>, F extends Record<K, DeclaredField>>({ control, fields, name, data = [] }: FieldControlProps<T, K, F>) {
  const field: DeclaredField = fields[name];
  const { input = 'text', label, required, description, minRows } = field;
  const props = { control, name, label, required, description };
  if (input === 'textarea') return <TextareaField {...props} minRows={minRows} />;
  if (input === 'number') return <NumberField {...props} />;
  if (input === 'select') return <SelectField {...props} data={data} />;
  return <TextField {...props} type={input} />;
}
