// Form pieces over the UI kit, bound to react-hook-form: a field shows its own validation message, from
// zod or from the server.
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
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
}: FieldProps<T> & {
  type?: 'text' | 'email' | 'tel' | 'url' | 'number' | 'datetime-local';
  autoComplete?: string;
  placeholder?: string;
}) {
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

export function TextareaField<T extends FieldValues>({ control, name, ...props }: FieldProps<T> & { minRows?: number; maxLength?: number }) {
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

/** A number; an empty field holds `undefined`, so that the schema says what is missing. */
export function NumberField<T extends FieldValues>({
  control,
  name,
  min,
  max,
  step,
  suffix,
  allowDecimal = true,
  decimalScale,
  ...props
}: FieldProps<T> & { min?: number; max?: number; step?: number; suffix?: string; allowDecimal?: boolean; decimalScale?: number }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      {...props}
      min={min}
      max={max}
      step={step}
      suffix={suffix}
      allowDecimal={allowDecimal}
      decimalScale={decimalScale}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? undefined : Number(value))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** Several of a few choices, as checkboxes in a row (grades, languages). */
export function CheckboxGroupField<T extends FieldValues>({
  control,
  name,
  data,
  ...props
}: FieldProps<T> & { data: { value: string; label: string }[] }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Checkbox.Group
      {...props}
      value={field.value ?? []}
      onChange={field.onChange}
      error={fieldState.error?.message}
      ref={field.ref}
    >
      <Group gap="md" mt={6}>
        {data.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} onBlur={field.onBlur} disabled={props.disabled} />
        ))}
      </Group>
    </Checkbox.Group>
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
