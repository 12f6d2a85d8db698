import { useStore } from '@nanostores/react';
import { GST_RATE_TEXT } from '../../../rules/pricing.ts';
import { Field } from '../components/Field.tsx';
import { CaratPriceRows } from '../screens/CaratPriceRows.tsx';
import { emptyCaratRow } from './caratRows.ts';
import type { Carat } from '../types.ts';
import { $draft, $errors, $rates, clearErrors, newKey, setField } from './draft.ts';

/** The carat price rows and the button adding one (a carat once). */
export function CaratPrices({ carats }: { carats: Carat[] }) {
  const rows = useStore($draft).carats;
  const errors = useStore($errors);
  const rates = useStore($rates);
  return (
    <Field id="product-carats" label="Carat prices" error={errors.carats} required group hint={`One row per carat: priced by the day's gold rate (net weight, making charge, stones) or at a fixed price, with its stock. Rupee prices include GST ${GST_RATE_TEXT}; dollar prices are export prices without it (${GST_RATE_TEXT} is added for delivery in India).`}>
      <CaratPriceRows rows={rows} setRows={(next) => setField('carats', next)} carats={carats} rates={rates} errors={errors} clear={clearErrors} />
      <button
        type="button"
        id="product-carats"
        className="admin-text-btn admin-add-row"
        onClick={() => setField('carats', [...rows, emptyCaratRow(newKey())], 'carats')}
        disabled={carats.length > 0 && rows.length >= carats.length}
      >
        + Add Carat Price
      </button>
    </Field>
  );
}
