import { useState } from 'react';
import { api, NetworkError } from '../lib/api/client.ts';
import { toast } from '../stores/toast.ts';

interface Fields {
  name: string;
  email: string;
  message: string;
  /** Not a field of the form (§3): sent empty, cleared on reset. */
  mo_no: string;
}

type Errors = Partial<Record<'name' | 'email' | 'message', string>>;

const EMPTY: Fields = { name: '', email: '', message: '', mo_no: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The contact form's rules and messages (storefront.md §5). */
export function validateContact(fields: Fields): Errors {
  const errors: Errors = {};
  if (!fields.name.trim()) errors.name = 'Full Name is required.';
  if (!fields.email.trim()) errors.email = 'Email is required.';
  else if (!EMAIL.test(fields.email.trim())) errors.email = 'Please enter a valid email message.';
  if (!fields.message.trim()) errors.message = 'Message is required.';
  return errors;
}

/** Contact Us form: validates on submit, sends POST /contactus, shows the answer's description, clears after status 1. */
export default function ContactForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const update = (key: keyof Errors) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setFields({ ...fields, [key]: event.target.value });
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'message'] as const).find((key) => found[key]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await api.post('/contactus', {
        name: fields.name.trim(),
        email: fields.email.trim(),
        message: fields.message.trim(),
        mo_no: fields.mo_no,
      });
      if (answer.status === 1) {
        toast.success(answer.description);
        setFields(EMPTY);
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

  const field = (key: keyof Errors, label: string, input: React.ReactNode) => (
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
  const a11y = (key: keyof Errors) => ({
    id: `contact-${key}`,
    name: key,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `contact-${key}-error` : undefined,
  });

  return (
    <form className="contact-form" noValidate onSubmit={submit}>
      {field('name', 'Name', <input {...a11y('name')} type="text" autoComplete="name" value={fields.name} onChange={update('name')} />)}
      {field('email', 'Email', <input {...a11y('email')} type="email" autoComplete="email" value={fields.email} onChange={update('email')} />)}
      {field('message', 'Message', <textarea {...a11y('message')} rows={6} value={fields.message} onChange={update('message')} />)}
      <button type="submit" className="btn" disabled={sending}>
        {sending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
