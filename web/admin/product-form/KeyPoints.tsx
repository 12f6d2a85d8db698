import { useStore } from '@nanostores/react';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import { $draft, $errors, newKey, setField } from './draft.ts';
import { NON_RETURNABLE_KINDS, type NonReturnableKind } from '../../../rules/shop-policy.ts';

/** The key-point features listed on the product page, and the Bestseller and Reel flags. */
export function KeyPointsAndFlags() {
  const { features, bestseller, reel, partialRefund, nonReturnable } = useStore($draft);
  const errors = useStore($errors);
  return (
    <>
      <Field id="product-features" label="Key points" group hint="Short features listed on the product page.">
        <div className="admin-rows">
          {features.map((feature, index) => {
            const id = `product-feature-${feature.key}`;
            const error = errors[`feature-${feature.key}`];
            return (
              <div className="admin-row admin-row--feature" key={feature.key}>
                <div>
                  <label className="visually-hidden" htmlFor={id}>
                    Feature {index + 1}
                  </label>
                  <input
                    className="input"
                    type="text"
                    value={feature.text}
                    maxLength={500}
                    placeholder={`Feature ${index + 1}`}
                    autoComplete="off"
                    {...controlProps(id, error)}
                    onChange={(event) => setField('features', features.map((f) => (f.key === feature.key ? { ...f, text: event.target.value } : f)), `feature-${feature.key}`)}
                  />
                  {error && (
                    <p className="field-error" id={`${id}-error`} role="alert">
                      {error}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="admin-icon-btn admin-icon-btn--danger admin-row__remove"
                  onClick={() => setField('features', features.filter((f) => f.key !== feature.key))}
                  aria-label={`Remove feature ${index + 1}`}
                  title="Remove"
                >
                  <AdminIcon name="trash" />
                </button>
              </div>
            );
          })}
        </div>
        <button type="button" className="admin-text-btn admin-add-row" onClick={() => setField('features', [...features, { key: newKey(), text: '' }])} disabled={features.length >= 30}>
          + Add Feature
        </button>
      </Field>

      <Field id="product-flags" label="Show in" group>
        <div>
          <label className="admin-check">
            <input type="checkbox" checked={bestseller} onChange={(event) => setField('bestseller', event.target.checked)} /> Bestseller
          </label>
          <label className="admin-check">
            <input type="checkbox" checked={reel} onChange={(event) => setField('reel', event.target.checked)} /> Reel
          </label>
        </div>
      </Field>

      <Field id="product-returns" label="Returns (the shop policy)" group hint="The product page and the returns desk follow these with the shop policy's values.">
        <div>
          <label className="admin-check">
            <input type="checkbox" checked={partialRefund} onChange={(event) => setField('partialRefund', event.target.checked)} /> In the partial-refund collection (only part of the price refunded)
          </label>
          <label className="admin-check" htmlFor="product-non-returnable">
            Cannot be returned unless defective:{' '}
            <select id="product-non-returnable" value={nonReturnable} onChange={(event) => setField('nonReturnable', event.target.value as '' | NonReturnableKind)}>
              <option value="">No, it may be returned</option>
              {NON_RETURNABLE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind.charAt(0).toUpperCase() + kind.slice(1)} piece
                </option>
              ))}
            </select>
          </label>
        </div>
      </Field>
    </>
  );
}
