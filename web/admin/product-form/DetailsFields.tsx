import { useStore } from '@nanostores/react';
import { controlProps, Field, Options, TextField, type TextFieldProps } from '../components/Field.tsx';
import type { Category } from '../types.ts';
import { $draft, $errors, setField } from './draft.ts';

type TextKey = 'name' | 'offer' | 'description' | 'specifications';

/** One text of the draft: its control is `product-<key>`, its message `errors[key]`; typing clears the message. */
function DraftText({ field, ...props }: { field: TextKey } & Omit<TextFieldProps, 'id' | 'value' | 'onValue' | 'error'>) {
  const draft = useStore($draft);
  const errors = useStore($errors);
  return <TextField id={`product-${field}`} value={draft[field]} error={errors[field]} required onValue={(value) => setField(field, value, field)} {...props} />;
}

/** The product's name, category, offer, description and specifications. */
export function DetailsFields({ categories }: { categories: Category[] }) {
  const draft = useStore($draft);
  const errors = useStore($errors);
  return (
    <>
      <h3 className="admin-section-title">Details</h3>
      <div className="admin-grid-2">
        <DraftText field="name" label="Product Name" maxLength={200} data-autofocus />
        <Field id="product-cate_id" label="Category" error={errors.cate_id} required>
          <select value={draft.cateId} {...controlProps('product-cate_id', errors.cate_id, true)} onChange={(event) => setField('cateId', event.target.value, 'cate_id')}>
            <Options options={[{ value: '', label: 'Select Category' }, ...categories.map((c) => ({ value: c.cate_id, label: c.cate_name }))]} />
          </select>
        </Field>
      </div>
      <DraftText
        field="offer"
        label="Offer"
        maxLength={200}
        hint="The shop shows only offers checkout honours: active coupons. Name a coupon's code here (e.g. Extra 15% off with code FESTIVE15) to list it first on this product."
      />
      <div className="admin-grid-2">
        <DraftText multiline field="description" label="Description" className="admin-textarea-short" maxLength={20000} />
        <DraftText multiline field="specifications" label="Specifications" className="admin-textarea-short" maxLength={20000} />
      </div>
    </>
  );
}
