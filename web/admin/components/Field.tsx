import type { ReactNode } from 'react';

/** The attributes that tie a control to its label and its error text, and mark it required. */
export function controlProps(id: string, error?: string | null, required = false) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
  } as const;
}

export interface FieldProps {
  /** The control's id (see controlProps). */
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
  /** A group of controls (checkboxes, rows) is labelled by a legend instead. */
  group?: boolean;
  required?: boolean;
}

/** A labelled form control with its error right below it. */
export function Field({ id, label, error, hint, children, group = false, required = false }: FieldProps) {
  const mark = required ? <span className="admin-required" aria-hidden="true"> *</span> : null;
  const message = error ? (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : null;
  if (group) {
    return (
      <fieldset className="field admin-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="label">
          {label}
          {mark}
        </legend>
        {hint && <p className="admin-hint">{hint}</p>}
        {children}
        {message}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {mark}
      </label>
      {hint && <p className="admin-hint">{hint}</p>}
      {children}
      {message}
    </div>
  );
}
