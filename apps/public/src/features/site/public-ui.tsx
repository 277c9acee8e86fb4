// The public sites' building blocks: plain elements with the lean look (ui/lean/lean.css, loaded by every
// app) and a few rules of their own (public-ui.css), so that no public page loads a UI kit. Schools
// open these pages on cheap phones over mobile data: each page's first load stays under 120 KB of
// gzipped JavaScript (`npm run size`).
import { useId, type ReactNode, type SelectHTMLAttributes, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './public-ui.css';

/** A message in a box: a failure is an alert, anything else a status. */
export function Notice({ tone, title, children }: { tone: 'error' | 'info' | 'success'; title?: string; children?: ReactNode }) {
  return (
    <div className={`lean-alert lean-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="public-notice__title">{title}</p>}
      {children}
    </div>
  );
}

/** Said, and shown quietly, while something loads. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="public-loading" role="status">
      <span className="lean-spinner" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}

/** Quiet text: an empty list's sentence, a fallback. */
export function Dim({ children }: { children: ReactNode }) {
  return <p className="public-dim">{children}</p>;
}

type Described = { label: string; error?: string | undefined; hint?: string; required?: boolean };

/** The label, the hint and the error of one field, tied to its control for screen readers. */
function FieldFrame({ label, error, hint, required, children }: Described & { children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`lean-field public-field${error ? ' lean-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="public-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children(describedBy ? { id, describedBy } : { id })}
      {hint && (
        <div className="lean-field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="lean-field__error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

export function TextField({ label, error, hint, required, ...input }: Described & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error} {...(hint ? { hint } : {})} {...(required ? { required } : {})}>
      {({ id, describedBy }) => (
        <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required={required || undefined} {...input} />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({ label, error, hint, required, ...area }: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} error={error} {...(hint ? { hint } : {})} {...(required ? { required } : {})}>
      {({ id, describedBy }) => (
        <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required={required || undefined} rows={4} {...area} />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  options,
  placeholder = 'Choose…',
  ...select
}: Described & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <FieldFrame label={label} error={error} {...(hint ? { hint } : {})} {...(required ? { required } : {})}>
      {({ id, describedBy }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required={required || undefined} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/**
 * A field people never see: robots fill it, and the server then keeps nothing (with the rate limit,
 * spam protection without a third-party service). Off the screen rather than hidden, which some robots
 * skip.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="public-trap" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.currentTarget.value)} />
      </label>
    </div>
  );
}
