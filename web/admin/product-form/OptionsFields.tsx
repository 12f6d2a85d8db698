import { useStore } from '@nanostores/react';
import { Field } from '../components/Field.tsx';
import type { Material, Size } from '../types.ts';
import { $draft, $errors, setField } from './draft.ts';

/** The materials and sizes a product is offered in. */
export function OptionsFields({ materials, sizes, lockedHint }: { materials: Material[]; sizes: Size[]; lockedHint?: string }) {
  const draft = useStore($draft);
  const errors = useStore($errors);
  const editing = lockedHint !== undefined;
  return (
    <>
      <h3 className="admin-section-title">Options</h3>
      <Field id="product-materials" label="Materials" error={errors.materials} required={!editing} group hint={lockedHint}>
        <ChipChoices
          id="product-materials"
          options={materials.map((m) => ({ id: m.m_id, label: m.name }))}
          chosen={draft.materials}
          disabled={editing}
          onChange={(ids) => setField('materials', ids, 'materials')}
        />
      </Field>
      <Field id="product-sizes" label="Sizes" group hint={lockedHint ?? 'Leave empty for a piece in one size.'}>
        <ChipChoices id="product-sizes" options={sizes.map((s) => ({ id: s.size_id, label: s.size_name }))} chosen={draft.sizes} disabled={editing} onChange={(ids) => setField('sizes', ids)} />
      </Field>
    </>
  );
}

interface ChipChoicesProps {
  id: string;
  options: Array<{ id: number; label: string }>;
  chosen: number[];
  disabled?: boolean;
  onChange: (ids: number[]) => void;
}

/** A multi-select as checkbox chips (materials, sizes). */
function ChipChoices({ id, options, chosen, disabled, onChange }: ChipChoicesProps) {
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
              disabled={disabled}
              onChange={() => onChange(checked ? chosen.filter((c) => c !== option.id) : [...chosen, option.id])}
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}
