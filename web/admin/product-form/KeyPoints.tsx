import { useStore } from '@nanostores/react';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import { $draft, $errors, newKey, setField } from './draft.ts';

/** The key-point features listed on the product page, and the Bestseller and Reel flags. */
export function KeyPointsAndFlags() {
  const { features, bestseller, reel } = useStore($draft);
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
    </>
  );
}
