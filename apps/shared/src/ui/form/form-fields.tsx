// Form pieces over the UI kit, bound to react-hook-form: a field shows its own validation message, from
// zod or from the server.
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  Alert,
  Button,
  Checkbox,
  PasswordInput,
  Select,
  Textarea,
  TextInput,
  type ButtonProps,
} from '@mantine/core';

type FieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

export function TextField<T extends FieldValues>({
  control,
  name,
  type = 'text',
  autoComplete,
  placeholder,
  ...props
}: FieldProps<T> & { type?: 'text' | 'email' | 'tel' | 'url' | 'number'; autoComplete?: string; placeholder?: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput
      {...props}
      type={type}
      autoComplete={autoComplete}
      placeholder={placeholder}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function PasswordField<T extends FieldValues>({
  control,
  name,
  autoComplete = 'current-password',
  ...props
}: FieldProps<T> & { autoComplete?: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordInput
      {...props}
      autoComplete={autoComplete}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function TextareaField<T extends FieldValues>({ control, name, ...props }: FieldProps<T> & { minRows?: number }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Textarea
      autosize
      {...props}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  data,
  clearable,
  searchable,
  ...props
}: FieldProps<T> & { data: { value: string; label: string }[]; clearable?: boolean; searchable?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      {...props}
      data={data}
      clearable={clearable}
      searchable={searchable}
      name={field.name}
      ref={field.ref}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function CheckboxField<T extends FieldValues>({ control, name, label, description, disabled }: FieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Checkbox
      label={label}
      description={description}
      disabled={disabled}
      name={field.name}
      ref={field.ref}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function SubmitButton({ submitting, children, ...props }: ButtonProps & { submitting: boolean; children: ReactNode }) {
  return (
    <Button type="submit" loading={submitting} {...props}>
      {children}
    </Button>
  );
}

/** The form's own message (a failure no field takes). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" mb="md">
      {message}
    </Alert>
  );
}
