import { useState } from 'react';
import { isEmail } from '../../rules/email.ts';
import { api, NetworkError } from '../lib/api/client.ts';
import { toast } from '../stores/toast.ts';

type Field = 'name' | 'email' | 'message';
type Errors = Partial<Record<Field, string>>;

/** The contact form's rules and messages (storefront.md §5). */
export function validateContact(fields: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!fields.name.trim()) errors.name = 'Full Name is required.';
  if (!fields.email.trim()) errors.email = 'Email is required.';
  else if (!isEmail(fields.email.trim())) errors.email = 'Please enter a valid email message.';
  if (!fields.message.trim()) errors.message = 'Message is required.';
  return errors;
}

/**
 * Contact Us form: validates on submit, sends POST /contactus (mo_no empty: the
 * form has no field for it, §3), shows the answer's description, clears after
 * status 1. The fields are read from the form itself, so whatever was typed
 * before the island woke up counts.
 */
export default function ContactForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields = { name: String(data.get('name') ?? ''), email: String(data.get('email') ?? ''), message: String(data.get('message') ?? '') };
    const found = validateContact(fields);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'message'] as const).find((key) => found[key]);
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await api.post('/contactus', { name: fields.name.trim(), email: fields.email.trim(), message: fields.message.trim(), mo_no: '' });
      if (answer.status === 1) {
        toast.success(answer.description);
        form.reset();
      } else {
        toast.error(answer.description);
      }
    } catch (error) {
      console.error('contact form:', error instanceof NetworkError ? error.cause : error);
      toast.error('Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  // The error under a field goes as soon as that field is edited.
  const clearError = (event: React.FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as Field;
    if (errors[name]) setErrors({ ...errors, [name]: undefined });
  };

  const field = (key: Field, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`contact-${key}`}>{label}</label>
      {input}
      {errors[key] ? (
        <p className="field-error" id={`contact-${key}-error`} role="alert">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );
  const a11y = (key: Field) => ({
    id: `contact-${key}`,
    name: key,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `contact-${key}-error` : undefined,
  });

  return (
    <form className="contact-form" noValidate onSubmit={submit} onInput={clearError}>
      {field('name', 'Name', <input {...a11y('name')} type="text" autoComplete="name" />)}
      {field('email', 'Email', <input {...a11y('email')} type="email" autoComplete="email" />)}
      {field('message', 'Message', <textarea {...a11y('message')} rows={6} />)}
      <button type="submit" className="btn" disabled={sending}>
        {sending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
