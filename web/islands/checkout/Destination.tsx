import { COUNTRIES, findCountry, HOME_COUNTRY, INDIAN_STATES } from '../../../rules/address.ts';
import { SELECT_STATE, type ShippingErrors, type ShippingForm } from '../../lib/checkout.ts';
import { describedBy, FieldError } from '../AuthFields.tsx';
import { Step } from './Step.tsx';

/**
 * The checkout's destination and the law's questions, apart from the rest of
 * the form: the country (India for +91), the state or union territory in
 * India or the region abroad, the postal code as the country names it, and
 * the PAN an order of ₹2,00,000 or more needs.
 */

/** The mark of a required field. */
export const Required = () => (
  <span className="required-mark" aria-hidden="true">
    *
  </span>
);

/** The state select's groups: the states, then the union territories. */
const STATE_GROUPS = [
  ['States', 'state'],
  ['Union territories', 'union territory'],
] as const;

type Edit = (field: 'country' | 'state' | 'zip_code') => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;

/** Country, region/state and postal code: a select of every state and union territory in India, free text abroad. */
export function DestinationFields({ form, errors, edit, city }: { form: ShippingForm; errors: ShippingErrors; edit: Edit; city: React.ReactNode }) {
  const country = findCountry(form.country) ?? findCountry(HOME_COUNTRY)!;
  const india = country.code === HOME_COUNTRY;
  const regionLabel = india ? 'State' : country.regionLabel;
  const postalLabel = india ? 'ZIP code' : country.postalLabel;
  return (
    <>
      <div className="field">
        <label htmlFor="checkout-country">
          Country
          <Required />
        </label>
        <select {...describedBy('checkout-country', errors.country)} name="country" aria-required autoComplete="shipping country" value={country.code} onChange={edit('country')}>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id="checkout-country-error" message={errors.country} />
      </div>
      <div className="field-pair">
        {city}
        <div className="field">
          <label htmlFor="checkout-state">
            {regionLabel}
            <Required />
          </label>
          {india ? (
            <select {...describedBy('checkout-state', errors.state)} name="state" aria-required autoComplete="shipping address-level1" value={form.state || SELECT_STATE} onChange={edit('state')}>
              <option value={SELECT_STATE}>{SELECT_STATE}</option>
              {STATE_GROUPS.map(([label, kind]) => (
                <optgroup key={kind} label={label}>
                  {INDIAN_STATES.filter((s) => s.kind === kind).map((s) => (
                    <option key={s.name} value={s.name}>
                      {s.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          ) : (
            <input {...describedBy('checkout-state', errors.state)} name="state" type="text" aria-required autoComplete="shipping address-level1" value={form.state} onChange={edit('state')} />
          )}
          <FieldError id="checkout-state-error" message={errors.state} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="checkout-zip_code">
          {postalLabel}
          {india || country.postalCode ? <Required /> : <span className="field-optional"> (if any)</span>}
        </label>
        <input
          {...describedBy('checkout-zip_code', errors.zip_code)}
          name="zip_code"
          type="text"
          inputMode={india ? 'numeric' : 'text'}
          autoComplete="shipping postal-code"
          aria-required={india || country.postalCode ? true : undefined}
          value={form.zip_code}
          onChange={edit('zip_code')}
        />
        <FieldError id="checkout-zip_code-error" message={errors.zip_code} />
      </div>
    </>
  );
}

/** Why a PAN is asked, and the field; its error when the typed value is not one. */
export function PanField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <Step n={4} title="PAN" testId="checkout-pan">
      <p className="field-hint">Orders of ₹2,00,000 or more need the buyer's Permanent Account Number (Income-tax Rules, rule 114B). We keep it with your order and show only its last four characters.</p>
      <div className="field">
        <label htmlFor="checkout-pan-input">
          PAN
          <Required />
        </label>
        <input
          {...describedBy('checkout-pan-input', error)}
          name="pan"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          placeholder="ABCPE1234F"
          value={value}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <FieldError id="checkout-pan-input-error" message={error} />
      </div>
    </Step>
  );
}
