import type { InputHTMLAttributes, ReactNode } from 'react';

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

/** A choice of a select; `disabled` greys out one taken elsewhere. */
export interface Option {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/** A select's choices, in order. */
export function Options({ options }: { options: ReadonlyArray<Option> }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  /** Called with the text as typed. */
  onValue: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** A textarea instead of a one-line text input. */
  multiline?: boolean;
  /** A textarea's height in lines. */
  rows?: number;
  'data-autofocus'?: boolean;
}

/** A labelled text input (or textarea) tied to its error; the rest of the props go to the control. */
export function TextField({ id, label, error, hint, required = false, multiline = false, onValue, ...control }: TextFieldProps) {
  const tie = { ...controlProps(id, error, required), onChange: (event: { target: { value: string } }) => onValue(event.target.value) };
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      {multiline ? <textarea {...control} {...tie} /> : <input type="text" autoComplete="off" {...control} {...tie} />}
    </Field>
  );
}
