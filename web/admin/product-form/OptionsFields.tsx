import { useStore } from '@nanostores/react';
import { Field } from '../components/Field.tsx';
import type { Material, Size } from '../types.ts';
import { $draft, $errors, setField } from './draft.ts';

/** What becomes of the lines shoppers already hold (db/queries/cart.ts: no longer available). */
const TAKEN_OFF = "Shoppers' cart and wishlist lines in one taken off show as no longer available.";

/** The materials and sizes a product is offered in. */
export function OptionsFields({ materials, sizes, editing }: { materials: Material[]; sizes: Size[]; editing: boolean }) {
  const draft = useStore($draft);
  const errors = useStore($errors);
  return (
    <>
      <h3 className="admin-section-title">Options</h3>
      <Field id="product-materials" label="Materials" error={errors.materials} required group hint={editing ? TAKEN_OFF : undefined}>
        <ChipChoices
          id="product-materials"
          options={materials.map((m) => ({ id: m.m_id, label: m.name }))}
          chosen={draft.materials}
          onChange={(ids) => setField('materials', ids, 'materials')}
        />
      </Field>
      <Field id="product-sizes" label="Sizes" group hint={editing ? `Leave empty for a piece in one size. ${TAKEN_OFF}` : 'Leave empty for a piece in one size.'}>
        <ChipChoices id="product-sizes" options={sizes.map((s) => ({ id: s.size_id, label: s.size_name }))} chosen={draft.sizes} onChange={(ids) => setField('sizes', ids)} />
      </Field>
    </>
  );
}

interface ChipChoicesProps {
  id: string;
  options: Array<{ id: number; label: string }>;
  chosen: number[];
  onChange: (ids: number[]) => void;
}

/** A multi-select as checkbox chips (materials, sizes). */
function ChipChoices({ id, options, chosen, onChange }: ChipChoicesProps) {
  if (options.length === 0) return <p className="admin-hint">None to choose from yet.</p>;
  return (
    <div className="admin-chips" id={id} tabIndex={-1}>
      {options.map((option) => {
        const checked = chosen.includes(option.id);
        return (
          <label className="admin-chip" key={option.id}>
            <input
              type="checkbox"
              checked={checked}
              onChange={() => onChange(checked ? chosen.filter((c) => c !== option.id) : [...chosen, option.id])}
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}
