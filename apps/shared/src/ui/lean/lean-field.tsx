// Form fields for the lean pages (sign-in, password, learner area): plain elements with the kit's look,
// so that these pages load no UI kit.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type LeanFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function LeanField({ label, error, hint, id, ref, className, ...input }: LeanFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`lean-field${error ? ' lean-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <div className="lean-field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {error && (
        <div className="lean-field__error" id={errorId}>
          {error}
        </div>
      )}
    </div>
  );
}

export function LeanAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' | 'success' }) {
  return (
    <div className={`lean-alert lean-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
