import { formatMoney, toMajor, toMinor } from '../../../rules/money.ts';
import { GST_RATE_TEXT, type MakingType, piecePriceProblem, type PricingMode, priceRow } from '../../../rules/pricing.ts';
import type { api } from '../../lib/api/client.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import type { Carat, Product } from '../types.ts';
import { priceError, readRateRow, stockErrors } from '../validation.ts';

/** GET /getmetalrates's data: rupees per gram by carat, rupees per dollar. */
export type MetalRates = NonNullable<Awaited<ReturnType<typeof api.get<'/getmetalrates'>>>['data']>;

/** One carat row as typed in the product form. */
export interface CaratRow {
  key: number;
  carat_id: string;
  pricing: PricingMode;
  inr: string;
  usd: string;
  weight: string;
  makingType: MakingType;
  making: string;
  stones: string;
  madeToOrder: boolean;
  stock: string;
  lead: string;
}

type Errors = Record<string, string | null | undefined>;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A new row: fixed prices as backoffice.md's form had them, made to order until stock is typed. */
export function emptyCaratRow(key: number): CaratRow {
  return { key, carat_id: '', pricing: 'fixed', inr: '', usd: '', weight: '', makingType: 'percent', making: '', stones: '', madeToOrder: true, stock: '', lead: '' };
}

/** The rows of a product being edited, as the API answered them (rupees, grams, percent). */
export function caratRowsOf(product: Product, key: () => number): CaratRow[] {
  return product.productcarats.map((row) => ({
    key: key(),
    carat_id: String(row.carat_id),
    pricing: row.pricing,
    inr: String(row.inr_price),
    usd: String(row.usd_price),
    weight: text(row.net_weight_g),
    makingType: row.making_type ?? 'percent',
    making: text(row.making_value),
    stones: row.stone_value ? String(row.stone_value) : '',
    madeToOrder: row.stock === null,
    stock: text(row.stock),
    lead: text(row.lead_time_days),
  }));
}

/** What the form compares to tell a change. */
export const caratRowSnapshot = (r: CaratRow) => [r.carat_id, r.pricing, r.inr, r.usd, r.weight, r.makingType, r.making, r.stones, r.madeToOrder, r.stock, r.lead];

/** Every message of one row, keyed by the id of the control it belongs to (without the 'product-' prefix). */
export function caratRowErrors(row: CaratRow): Errors {
  const stock = stockErrors(row.madeToOrder, row.stock, row.lead);
  const found: Errors = { [`carat-${row.key}`]: row.carat_id === '' ? 'Carat is required' : null };
  if (row.pricing === 'fixed') {
    found[`inr-${row.key}`] = priceError(row.inr, 'INR');
    found[`usd-${row.key}`] = priceError(row.usd, 'USD');
    // A fixed row may say its weight (the Specifications tab shows it); left empty, it says none.
    found[`weight-${row.key}`] = row.weight.trim() === '' ? null : readRateRow(row).errors.weight;
  } else {
    const { errors } = readRateRow(row);
    found[`weight-${row.key}`] = errors.weight;
    found[`making-${row.key}`] = errors.making;
    found[`stones-${row.key}`] = errors.stones;
  }
  found[`stock-${row.key}`] = stock.stock;
  found[`lead-${row.key}`] = stock.lead;
  return found;
}

/** A row as insertproduct/updateproduct take it inside caratPrices. */
export function caratRowBody(row: CaratRow) {
  const stock = row.madeToOrder ? { stock: null, lead_time_days: row.lead.trim() === '' ? null : Number(row.lead.trim()) } : { stock: Number(row.stock.trim()), lead_time_days: null };
  if (row.pricing === 'fixed') {
    return { carat_id: Number(row.carat_id), pricing: 'fixed' as const, inr_price: row.inr.trim(), usd_price: row.usd.trim(), net_weight_g: row.weight.trim() || null, ...stock };
  }
  return {
    carat_id: Number(row.carat_id),
    pricing: 'rate' as const,
    net_weight_g: row.weight.trim(),
    making_type: row.makingType,
    making_value: row.making.trim(),
    stone_value: row.stones.trim() === '' ? '0' : row.stones.trim(),
    ...stock,
  };
}

const inr = (paise: number) => formatMoney(toMajor(paise), 'INR');
const usd = (cents: number) => formatMoney(toMajor(cents), 'USD');

/**
 * The price a rate-priced row gets at today's rates, worked out as the owner
 * types by the very function the server prices it with (rules/pricing.ts
 * priceRow), with the rates of GET /getmetalrates.
 */
export function LivePrice({ row, carats, rates }: { row: CaratRow; carats: Carat[]; rates: MetalRates | null | 'failed' }) {
  const id = `product-live-${row.key}`;
  const say = (message: string, tone: 'muted' | 'warn' = 'muted') => (
    <p className={`admin-live-price admin-live-price--${tone}`} id={id} role="status" data-testid="live-price">
      {message}
    </p>
  );
  if (rates === 'failed') return say("Today's rates could not be loaded: the price is worked out when you save.", 'warn');
  if (rates === null) return say("Loading today's rates…");
  if (row.carat_id === '') return say('Choose a carat to see the price at today’s rate.');
  const caratName = carats.find((c) => String(c.carat_id) === row.carat_id)?.name ?? 'this carat';
  const rate = rates.rates.find((r) => String(r.carat_id) === row.carat_id)?.inr_per_gram ?? null;
  if (rate === null || rates.usd_inr === null) {
    return say(`No rate is set for ${caratName} yet. Set it under Metal Rates first, or give this row a fixed price.`, 'warn');
  }
  const { recipe } = readRateRow(row);
  if (!recipe) return say(`Enter the net weight and making charge to see the price at today’s ${caratName} rate.`);
  const priced = priceRow(recipe, toMinor(rate), toMinor(rates.usd_inr));
  // The server refuses such a row: say so as it is typed, in the server's words.
  const tooDear = piecePriceProblem(`At today's ${caratName} rate this row`, priced);
  if (tooDear) return say(`${tooDear} Lower its net weight, making charge or stone value, or give it a fixed price.`, 'warn');
  const b = priced.breakup;
  return (
    <div className="admin-live-price" id={id} role="status" data-testid="live-price">
      <p className="admin-live-price__total">
        Price today: <strong data-testid="live-inr">{inr(priced.inr_price)}</strong> · <strong data-testid="live-usd">{usd(priced.usd_price)}</strong> export, without GST
      </p>
      <p className="admin-live-price__parts">
        Gold {recipe.netWeightMg / 1000} g × {formatMoney(rate, 'INR')}/g = {inr(b.metal)} · making {inr(b.making)}
        {b.stones > 0 ? ` · stones ${inr(b.stones)}` : ''} · GST {GST_RATE_TEXT} {inr(b.gst)}
        {b.roundOff !== 0 ? ` · rounded ${b.roundOff > 0 ? '+' : '−'}${inr(Math.abs(b.roundOff))}` : ''}. At {formatMoney(rates.usd_inr, 'INR')} to the dollar; repriced whenever the rate changes.
      </p>
    </div>
  );
}

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
    const error = errors[`${field}-${row.key}`];
    return (
      <Field id={id} label={label} error={error}>
        <input
          type="text"
          inputMode={mode}
          value={row[field]}
          autoComplete="off"
          {...controlProps(id, error)}
          onChange={(event) => update(row, { [field]: event.target.value }, field)}
        />
      </Field>
    );
  };

  return (
    <div className="admin-rows">
      {rows.map((row, index) => (
        <div className="admin-carat-row" key={row.key} data-testid="carat-row">
          <div className="admin-row admin-row--carat">
            <Field id={`product-carat-${row.key}`} label={`Carat ${index + 1}`} error={errors[`carat-${row.key}`]}>
              <select value={row.carat_id} {...controlProps(`product-carat-${row.key}`, errors[`carat-${row.key}`])} onChange={(event) => update(row, { carat_id: event.target.value }, 'carat')}>
                <option value="">Select Carat</option>
                {carats.map((c) => (
                  <option key={c.carat_id} value={c.carat_id} disabled={chosen.has(String(c.carat_id)) && row.carat_id !== String(c.carat_id)}>
                    {c.name}
                  </option>
                ))}
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
            <button
              type="button"
              className="admin-icon-btn admin-icon-btn--danger admin-row__remove"
              onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
              aria-label={`Remove carat price ${index + 1}`}
              title="Remove"
            >
              <AdminIcon name="trash" />
            </button>
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
