/**
 * Shipping as the shipping policy promises it: free in India; abroad charged by
 * destination and weight from the administrator's rate table (zones of
 * countries, each with prices by weight band). Amounts in minor units.
 */

import { COUNTRIES, HOME_COUNTRY } from './address.ts';

/** One weight band: parcels up to `up_to_g` grams cost these amounts (paise, cents). */
export interface WeightBand {
  up_to_g: number;
  inr: number;
  usd: number;
}

export interface ShippingZone {
  name: string;
  /** ISO alpha-2 codes; a country belongs to one zone at most. */
  countries: string[];
  /** Ascending by weight. */
  bands: WeightBand[];
}

export interface ShippingRates {
  zones: ShippingZone[];
}

/**
 * Net weight of a piece when its carat row has none recorded (a fixed-price row,
 * or before weights are entered): a mid-weight gold piece. Stated so a parcel is
 * never weighed as nothing.
 */
export const DEFAULT_PIECE_WEIGHT_G = 10;

/** The box, pouch, certificate and padding every parcel carries. */
export const PACKAGING_G = 150;

/** A parcel's weight in whole grams: each piece's net weight (or the default) plus packaging. */
export function parcelWeightGrams(lines: ReadonlyArray<{ net_weight_g: number | null | undefined; quantity: number }>): number {
  const metal = lines.reduce((sum, l) => sum + (l.net_weight_g ?? DEFAULT_PIECE_WEIGHT_G) * l.quantity, 0);
  return Math.ceil(metal + PACKAGING_G);
}

export type ShippingQuote =
  | { ok: true; amount: number; zone: string | null; weight_g: number }
  | { ok: false; reason: 'no_zone' | 'too_heavy'; message: string };

/** The charge for a parcel of `weight_g` grams to `country`, in the order's currency. */
export function shippingCharge(rates: ShippingRates, country: string, weight_g: number, currency: 'INR' | 'USD'): ShippingQuote {
  if (country === HOME_COUNTRY) return { ok: true, amount: 0, zone: null, weight_g };
  const zone = rates.zones.find((z) => z.countries.includes(country));
  if (!zone) return { ok: false, reason: 'no_zone', message: 'We do not ship to this country yet. Please contact us.' };
  const band = zone.bands.find((b) => weight_g <= b.up_to_g);
  if (!band) return { ok: false, reason: 'too_heavy', message: 'This order is too heavy to ship in one parcel. Please contact us.' };
  return { ok: true, amount: currency === 'INR' ? band.inr : band.usd, zone: zone.name, weight_g };
}

/** What is wrong with a rate table, or null: bands ascending, positive, each country once and shipped to. */
export function rateTableProblem(rates: ShippingRates): string | null {
  const seen = new Set<string>();
  const known = new Set(COUNTRIES.map((c) => c.code));
  for (const zone of rates.zones) {
    if (zone.bands.length === 0) return `Zone "${zone.name}" needs at least one weight band.`;
    for (const code of zone.countries) {
      if (code === HOME_COUNTRY) return 'Shipping within India is free; India cannot be in a zone.';
      if (!known.has(code)) return `Zone "${zone.name}": ${code} is not a country the shop ships to.`;
      if (seen.has(code)) return `${code} is in more than one zone.`;
      seen.add(code);
    }
    for (let i = 1; i < zone.bands.length; i++) {
      if (zone.bands[i].up_to_g <= zone.bands[i - 1].up_to_g) return `Zone "${zone.name}": weight bands must go up in weight.`;
    }
  }
  return null;
}

const band = (up_to_g: number, inr_rupees: number, usd_dollars: number): WeightBand => ({ up_to_g, inr: inr_rupees * 100, usd: usd_dollars * 100 });

/** The table a new shop starts with (insured express courier, 2026 prices); the administrator replaces it. */
export const DEFAULT_SHIPPING_RATES: ShippingRates = {
  zones: [
    {
      name: 'Gulf and South Asia',
      countries: ['AE', 'BH', 'KW', 'OM', 'QA', 'SA', 'BD', 'LK', 'NP'],
      bands: [band(500, 1800, 22), band(1000, 2600, 32), band(2000, 3800, 46), band(5000, 6500, 78)],
    },
    {
      name: 'Asia-Pacific',
      countries: ['SG', 'MY', 'TH', 'HK', 'JP', 'CN', 'KR', 'AU', 'NZ', 'MU'],
      bands: [band(500, 2400, 29), band(1000, 3400, 41), band(2000, 4900, 59), band(5000, 8200, 98)],
    },
    {
      name: 'Europe and UK',
      countries: ['GB', 'IE', 'DE', 'FR', 'NL', 'BE', 'IT', 'ES', 'PT', 'AT', 'CH', 'SE', 'NO', 'DK', 'FI'],
      bands: [band(500, 2900, 35), band(1000, 4100, 49), band(2000, 5900, 71), band(5000, 9800, 118)],
    },
    {
      name: 'North America',
      countries: ['US', 'CA'],
      bands: [band(500, 3200, 38), band(1000, 4500, 54), band(2000, 6400, 77), band(5000, 10500, 126)],
    },
    {
      name: 'Rest of the world',
      countries: ['IL', 'ZA', 'KE'],
      bands: [band(500, 3500, 42), band(1000, 4900, 59), band(2000, 6900, 83), band(5000, 11500, 138)],
    },
  ],
};
