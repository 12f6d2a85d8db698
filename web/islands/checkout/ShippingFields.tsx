import { useStore } from '@nanostores/react';
import { SHIPPING_LABELS, type ShippingField } from '../../lib/checkout.ts';
import { $shipping, $shippingErrors, editShipping } from '../../stores/checkout.ts';
import type { QuoteState } from '../../stores/checkout-quote.ts';
import { describedBy, FieldError } from '../AuthFields.tsx';
import { DestinationFields, Required } from './Destination.tsx';
import { Step } from './Step.tsx';

const AUTOCOMPLETE: Record<ShippingField, string> = {
  email: 'email',
  phone_number: 'tel',
  first_name: 'shipping given-name',
  last_name: 'shipping family-name',
  address: 'shipping address-line1',
  apartment: 'shipping address-line2',
  city: 'shipping address-level2',
  state: 'shipping address-level1',
  zip_code: 'shipping postal-code',
  country: 'shipping country',
};

const edit = (field: ShippingField) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => editShipping(field, event.target.value);

/** One text field of the form, with its label, required mark and the error under it (§5). */
function ShippingInput({ field, type = 'text', extra = {} }: { field: ShippingField; type?: string; extra?: React.InputHTMLAttributes<HTMLInputElement> }) {
  const form = useStore($shipping);
  const errors = useStore($shippingErrors);
  const id = `checkout-${field}`;
  const optional = field === 'apartment';
  return (
    <div className="field">
      <label htmlFor={id}>
        {SHIPPING_LABELS[field]}
        {optional ? null : <Required />}
      </label>
      <input
        {...describedBy(id, errors[field])}
        {...extra}
        name={field}
        type={type}
        autoComplete={AUTOCOMPLETE[field]}
        aria-required={optional ? undefined : true}
        value={form[field]}
        onChange={edit(field)}
      />
      <FieldError id={`${id}-error`} message={errors[field]} />
    </div>
  );
}

/** Steps 1 and 2: contact information and the shipping address, with the server's refusal of the destination. */
export function ShippingFields({ quoteState }: { quoteState: QuoteState }) {
  const form = useStore($shipping);
  const errors = useStore($shippingErrors);
  return (
    <>
      <Step n={1} title="Contact Information">
        <div className="field-pair">
          <ShippingInput field="email" type="email" extra={{ inputMode: 'email' }} />
          <ShippingInput field="phone_number" type="tel" />
        </div>
      </Step>
      <Step n={2} title="Shipping Address">
        <div className="field-pair">
          <ShippingInput field="first_name" />
          <ShippingInput field="last_name" />
        </div>
        <ShippingInput field="address" />
        <ShippingInput field="apartment" />
        <DestinationFields form={form} errors={errors} edit={edit} city={<ShippingInput field="city" />} />
        {quoteState.status === 'refused' ? (
          <p className="field-error" role="alert" data-testid="checkout-destination-refused">
            {quoteState.message}
          </p>
        ) : null}
      </Step>
    </>
  );
}
