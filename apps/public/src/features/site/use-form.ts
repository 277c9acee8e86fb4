// A public form's values and errors, kept in plain React state: the forms are small, and a form library
// and a schema library would double the JavaScript of the page. The server checks every field again and
// answers a 400 naming each faulty one; `failed` puts those messages on their fields.
import { useState, type FormEvent } from 'react';
import type { ApiFailure } from '@olympiad/shared/api/envelope';

export type Errors<T> = Partial<Record<keyof T & string, string>>;

/** What a field must be: required, an e-mail address, at most so many characters, or a rule of its own. */
export type Rules<T> = Partial<Record<keyof T & string, { required?: boolean; email?: boolean; max?: number; check?: (value: string, values: T) => string | null }>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first message of each field that breaks its rules. */
export function check<T extends Record<string, string>>(values: T, rules: Rules<T>): Errors<T> {
  const errors: Errors<T> = {};
  for (const [name, rule] of Object.entries(rules) as [keyof T & string, NonNullable<Rules<T>[keyof T & string]>][]) {
    const value = (values[name] ?? '').trim();
    const message =
      rule.required && value === ''
        ? 'is required'
        : rule.email && value !== '' && !EMAIL.test(value)
          ? 'must be an e-mail address'
          : rule.max !== undefined && value.length > rule.max
            ? `must be at most ${rule.max} characters`
            : (rule.check?.(value, values) ?? null);
    if (message) errors[name] = message;
  }
  return errors;
}

export function useForm<T extends Record<string, string>>(initial: T, rules: Rules<T>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  /** The props of one text control: its value, its change, its error in words. */
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((now) => ({ ...now, [name]: value }));
    },
  });

  /** Checks the rules, then sends; a failure's field messages go on their fields, the rest above. */
  const submit = (send: (values: T) => Promise<{ ok: true } | ApiFailure>) => async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const found = check(values, rules);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert('Please correct the fields marked below.');
      return;
    }
    setSubmitting(true);
    const result = await send(values);
    setSubmitting(false);
    if (result.ok) return;
    const placed: Errors<T> = {};
    for (const [name, message] of Object.entries(result.fields)) if (name in initial) placed[name as keyof T & string] = message;
    setErrors(placed);
    const all = Object.keys(placed).length > 0 && Object.keys(placed).length === Object.keys(result.fields).length;
    setAlert(all ? 'Please correct the fields marked below.' : result.message);
  };

  return { values, set: (name: keyof T & string, value: string) => setValues((now) => ({ ...now, [name]: value })), field, errors, alert, submitting, submit };
}
