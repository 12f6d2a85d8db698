import { useStore } from '@nanostores/react';
import { controlProps, Field } from '../components/Field.tsx';
import type { Category } from '../types.ts';
import { $draft, $errors, setField } from './draft.ts';

/** The product's name, category, offer, description and specifications. */
export function DetailsFields({ categories }: { categories: Category[] }) {
  const draft = useStore($draft);
  const errors = useStore($errors);
  return (
    <>
      <h3 className="admin-section-title">Details</h3>
      <div className="admin-grid-2">
        <Field id="product-name" label="Product Name" error={errors.name} required>
          <input
            type="text"
            value={draft.name}
            maxLength={200}
            autoComplete="off"
            data-autofocus
            {...controlProps('product-name', errors.name, true)}
            onChange={(event) => setField('name', event.target.value, 'name')}
          />
        </Field>
        <Field id="product-cate_id" label="Category" error={errors.cate_id} required>
          <select value={draft.cateId} {...controlProps('product-cate_id', errors.cate_id, true)} onChange={(event) => setField('cateId', event.target.value, 'cate_id')}>
            <option value="">Select Category</option>
            {categories.map((c) => (
              <option key={c.cate_id} value={c.cate_id}>
                {c.cate_name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="product-offer" label="Offer" error={errors.offer} required hint="The shop shows only offers checkout honours: active coupons. Name a coupon's code here (e.g. Extra 15% off with code FESTIVE15) to list it first on this product.">
        <input
          type="text"
          value={draft.offer}
          maxLength={200}
          autoComplete="off"
          {...controlProps('product-offer', errors.offer, true)}
          onChange={(event) => setField('offer', event.target.value, 'offer')}
        />
      </Field>
      <div className="admin-grid-2">
        <Field id="product-description" label="Description" error={errors.description} required>
          <textarea
            className="admin-textarea-short"
            value={draft.description}
            maxLength={20000}
            {...controlProps('product-description', errors.description, true)}
            onChange={(event) => setField('description', event.target.value, 'description')}
          />
        </Field>
        <Field id="product-specifications" label="Specifications" error={errors.specifications} required>
          <textarea
            className="admin-textarea-short"
            value={draft.specifications}
            maxLength={20000}
            {...controlProps('product-specifications', errors.specifications, true)}
            onChange={(event) => setField('specifications', event.target.value, 'specifications')}
          />
        </Field>
      </div>
    </>
  );
}
