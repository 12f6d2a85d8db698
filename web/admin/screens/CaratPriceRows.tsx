import type { MakingType, PricingMode } from '../../../rules/pricing.ts';
import { IconAction } from '../components/RowActions.tsx';
import { controlProps, Field, Options, TextField } from '../components/Field.tsx';
import type { Carat } from '../types.ts';
import type { CaratRow, Errors, MetalRates } from '../product-form/caratRows.ts';
import { LivePrice } from '../product-form/LivePrice.tsx';

export interface CaratPriceRowsProps {
  rows: CaratRow[];
  setRows: (rows: CaratRow[]) => void;
  carats: Carat[];
  rates: MetalRates | null | 'failed';
  errors: Errors;
  clear: (...fields: string[]) => void;
}

/** The carat rows of the product form: each priced by the day's rate or fixed, with its stock. */
export function CaratPriceRows({ rows, setRows, carats, rates, errors, clear }: CaratPriceRowsProps) {
  const chosen = new Set(rows.map((row) => row.carat_id).filter(Boolean));
  const update = (row: CaratRow, change: Partial<CaratRow>, ...fields: string[]) => {
    setRows(rows.map((r) => (r.key === row.key ? { ...r, ...change } : r)));
    clear(...fields.map((f) => `${f}-${row.key}`));
  };
  const input = (row: CaratRow, field: 'inr' | 'usd' | 'weight' | 'making' | 'stones' | 'stock' | 'lead', label: string, mode: 'decimal' | 'numeric' = 'decimal') => {
    const id = `product-${field}-${row.key}`;
    return <TextField id={id} label={label} error={errors[`${field}-${row.key}`]} inputMode={mode} value={row[field]} onValue={(value) => update(row, { [field]: value }, field)} />;
  };
  const caratOptions = (row: CaratRow) => [
    { value: '', label: 'Select Carat' },
    ...carats.map((c) => ({ value: c.carat_id, label: c.name, disabled: chosen.has(String(c.carat_id)) && row.carat_id !== String(c.carat_id) })),
  ];

  return (
    <div className="admin-rows">
      {rows.map((row, index) => (
        <div className="admin-carat-row" key={row.key} data-testid="carat-row">
          <div className="admin-row admin-row--carat">
            <Field id={`product-carat-${row.key}`} label={`Carat ${index + 1}`} error={errors[`carat-${row.key}`]}>
              <select value={row.carat_id} {...controlProps(`product-carat-${row.key}`, errors[`carat-${row.key}`])} onChange={(event) => update(row, { carat_id: event.target.value }, 'carat')}>
                <Options options={caratOptions(row)} />
              </select>
            </Field>
            <Field id={`product-pricing-${row.key}`} label="Priced">
              <select
                value={row.pricing}
                {...controlProps(`product-pricing-${row.key}`)}
                onChange={(event) => update(row, { pricing: event.target.value as PricingMode }, 'inr', 'usd', 'weight', 'making', 'stones')}
              >
                <option value="rate">By gold rate</option>
                <option value="fixed">Fixed price</option>
              </select>
            </Field>
            <Field id={`product-stockmode-${row.key}`} label="Stock">
              <select
                value={row.madeToOrder ? 'order' : 'stock'}
                {...controlProps(`product-stockmode-${row.key}`)}
                onChange={(event) => update(row, { madeToOrder: event.target.value === 'order' }, 'stock', 'lead')}
              >
                <option value="stock">In stock</option>
                <option value="order">Made to order</option>
              </select>
            </Field>
            {row.madeToOrder ? input(row, 'lead', 'Lead time (days)', 'numeric') : input(row, 'stock', 'Pieces in stock', 'numeric')}
            <IconAction icon="trash" tone="admin-icon-btn--danger admin-row__remove" label={`Remove carat price ${index + 1}`} title="Remove" onClick={() => setRows(rows.filter((r) => r.key !== row.key))} />
          </div>
          {row.pricing === 'fixed' ? (
            <div className="admin-row admin-row--prices">
              {input(row, 'inr', 'INR price (₹)')}
              {input(row, 'usd', 'USD price ($)')}
              {input(row, 'weight', 'Net weight (g, optional)')}
            </div>
          ) : (
            <>
              <div className="admin-row admin-row--recipe">
                {input(row, 'weight', 'Net weight (g)')}
                <Field id={`product-makingtype-${row.key}`} label="Making in">
                  <select
                    value={row.makingType}
                    {...controlProps(`product-makingtype-${row.key}`)}
                    onChange={(event) => update(row, { makingType: event.target.value as MakingType }, 'making')}
                  >
                    <option value="percent">% of gold</option>
                    <option value="per_gram">₹ per gram</option>
                  </select>
                </Field>
                {input(row, 'making', row.makingType === 'percent' ? 'Making (%)' : 'Making (₹/g)')}
                {input(row, 'stones', 'Stone value (₹)')}
              </div>
              <LivePrice row={row} carats={carats} rates={rates} />
            </>
          )}
          {row.madeToOrder ? <p className="admin-hint admin-carat-row__hint">Made to order: the lead time is added to the delivery estimate shoppers see. Empty: ships as usual.</p> : null}
        </div>
      ))}
    </div>
  );
}
