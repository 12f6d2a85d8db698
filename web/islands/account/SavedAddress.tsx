import { useEffect, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { cleanShipping, EMPTY_SHIPPING, SHIPPING_LABELS, type ShippingErrors, type ShippingField, type ShippingForm, shippingFromSaved, validateShipping } from '../../lib/checkout.ts';
import { toast } from '../../stores/toast.ts';
import { describedBy, FieldError } from '../AuthFields.tsx';
import { DestinationFields } from '../checkout/Destination.tsx';

/**
 * My Profile's saved address: the contact e-mail and shipping address the
 * checkout fills in (the last order's, or as saved here), with the checkout's
 * own rules and messages; saved with PUT /updateuserprofile.
 */
export function SavedAddressForm() {
  const [form, setForm] = useState<ShippingForm | null>(null);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<ShippingErrors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    api.get('/getuserprofile')
      .then((answer) => {
        const saved = answer.status === 1 ? answer.data?.saved_address : null;
        setForm(saved ? shippingFromSaved(saved) : { ...EMPTY_SHIPPING });
        setUpdatedAt(saved?.updatedAt ?? null);
      })
      .catch(() => {
        setForm({ ...EMPTY_SHIPPING });
        setMessage({ kind: 'error', text: 'Your saved address could not be loaded. Please try again.' });
      });
  }, []);

  if (!form) return <p className="field-hint">Loading your saved address…</p>;

  const edit = (field: ShippingField) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setForm((current) =>
      current && (field === 'country' && value !== current.country ? { ...current, country: value, state: '', zip_code: '' } : { ...(current as ShippingForm), [field]: value }),
    );
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    setMessage(null);
  };

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateShipping(form);
    setErrors(found);
    const first = (Object.keys(found) as ShippingField[]).find((field) => found[field]);
    if (first) {
      setMessage({ kind: 'error', text: 'Please fill in all required fields correctly' });
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await api.put('/updateuserprofile', { saved_address: cleanShipping(form) });
      if (answer.status === 1 && answer.data?.saved_address) {
        setForm(shippingFromSaved(answer.data.saved_address));
        setUpdatedAt(answer.data.saved_address.updatedAt ?? null);
        setMessage({ kind: 'success', text: answer.description });
        toast.success(answer.description);
      } else {
        setMessage({ kind: 'error', text: answer.description || 'Your address could not be saved.' });
      }
    } catch {
      setMessage({ kind: 'error', text: 'We could not reach the store. Please check your connection and try again.' });
    }
    setBusy(false);
  };

  const input = (field: ShippingField, type = 'text') => {
    const id = `checkout-${field}`;
    return (
      <div className="field">
        <label htmlFor={id}>{SHIPPING_LABELS[field]}</label>
        <input {...describedBy(id, errors[field])} name={field} type={type} value={form[field]} onChange={edit(field)} />
        <FieldError id={`${id}-error`} message={errors[field]} />
      </div>
    );
  };

  return (
    <form className="saved-address" noValidate onSubmit={save} aria-busy={busy || undefined} aria-labelledby="saved-address-title">
      <h3 id="saved-address-title">Saved address for checkout</h3>
      <p className="field-hint">
        {updatedAt ? 'Checkout fills this in for you: the address of your last order, or as you save it here.' : 'No address saved yet. Your next order saves its address, or save one here.'}
      </p>
      <div className="field-pair">
        {input('email', 'email')}
        {input('phone_number', 'tel')}
      </div>
      <div className="field-pair">
        {input('first_name')}
        {input('last_name')}
      </div>
      {input('address')}
      {input('apartment')}
      <DestinationFields form={form} errors={errors} edit={edit} city={input('city')} />
      {message ? (
        <p className={message.kind === 'error' ? 'field-error' : 'field-hint saved-address__ok'} role={message.kind === 'error' ? 'alert' : 'status'} data-testid="saved-address-message">
          {message.text}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving…' : 'Save Address'}
      </button>
    </form>
  );
}
