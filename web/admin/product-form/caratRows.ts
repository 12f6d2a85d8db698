import { type MakingType, type PricingMode } from '../../../rules/pricing.ts';
import type { api } from '../../lib/api/client.ts';
import type { Product } from '../types.ts';
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

export type Errors = Record<string, string | null | undefined>;

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
