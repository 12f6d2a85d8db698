/**
 * Values the administrator sets (rules/shipping.ts, rules/compliance.ts), kept
 * as JSON text by key: the shipping rate table and a cash-on-delivery cap
 * below the law's.
 */

import { DEFAULT_SHIPPING_RATES, type ShippingRates } from '../../rules/shipping.ts';
import { DEFAULT_STAFF_POLICY, type StaffPolicy } from '../../rules/permissions.ts';
import { toMajor } from '../../rules/money.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { utcTimestamp } from '../time.ts';
import { writeTransaction } from '../transaction.ts';

const SHIPPING_RATES = 'shipping_rates';
const COD_CAP = 'cod_cap';
const STAFF_POLICY = 'staff_policy';

async function readSetting<T>(db: DB, key: string): Promise<{ value: T; updatedAt: string } | null> {
  const row = await db.selectFrom('shop_settings').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst();
  return row ? { value: JSON.parse(row.value) as T, updatedAt: row.updated_at } : null;
}

async function writeSetting(db: DB, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('shop_settings')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: utcTimestamp() }))
    .execute();
}

/** The shipping rate table in force (the default table until the administrator sets one). */
export async function shippingRates(db: DB): Promise<ShippingRates> {
  return (await readSetting<ShippingRates>(db, SHIPPING_RATES))?.value ?? DEFAULT_SHIPPING_RATES;
}

/** A rate table in the audit trail: each zone by name, its bands in rupees and dollars (an edit shows the zones it changed). */
function auditedRates(rates: ShippingRates): Record<string, unknown> {
  return Object.fromEntries(
    rates.zones.map((z) => [z.name, { countries: z.countries, bands: z.bands.map((b) => ({ up_to_g: b.up_to_g, inr_price: toMajor(b.inr), usd_price: toMajor(b.usd) })) }]),
  );
}

/** Replaces the shipping rate table (recorded in the audit trail, zone by zone). */
export function setShippingRates(db: DB, rates: ShippingRates): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const before = auditedRates(await shippingRates(trx));
    await writeSetting(trx, SHIPPING_RATES, rates);
    const after = auditedRates(rates);
    // A zone taken out is recorded as gone (null).
    for (const zone of Object.keys(before)) if (!(zone in after)) after[zone] = null;
    await recordChange(trx, { action: 'settings.shipping_rates', entity: 'setting', entity_id: SHIPPING_RATES, before, after });
  });
}

/** What a checkout needs of the settings: the rate table in force and the administrator's cash-on-delivery cap (paise, or null). */
export interface CheckoutSettings {
  shippingRates: ShippingRates;
  adminCodCap: number | null;
}

/** The settings a checkout needs, read in one query. */
export async function checkoutSettings(db: DB): Promise<CheckoutSettings> {
  const rows = await db.selectFrom('shop_settings').select(['key', 'value']).where('key', 'in', [SHIPPING_RATES, COD_CAP]).execute();
  const valueOf = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return row ? JSON.parse(row.value) : undefined;
  };
  return { shippingRates: (valueOf(SHIPPING_RATES) as ShippingRates | undefined) ?? DEFAULT_SHIPPING_RATES, adminCodCap: (valueOf(COD_CAP) as { cap: number | null } | undefined)?.cap ?? null };
}

/** The administrator's cash-on-delivery cap in paise, or null when only the law's applies. */
export async function adminCodCap(db: DB): Promise<number | null> {
  return (await readSetting<{ cap: number | null }>(db, COD_CAP))?.value.cap ?? null;
}

/** Sets the administrator's cash-on-delivery cap (paise, or null for the law's alone), recorded in the audit trail in rupees. */
export function setAdminCodCap(db: DB, cap: number | null): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const before = await adminCodCap(trx);
    await writeSetting(trx, COD_CAP, { cap });
    const rupees = (paise: number | null) => (paise === null ? null : toMajor(paise));
    await recordChange(trx, { action: 'settings.cod_cap', entity: 'setting', entity_id: COD_CAP, before: { cod_cap: rupees(before) }, after: { cod_cap: rupees(cap) } });
  });
}

/** The owner's staff policy (rules/permissions.ts StaffPolicy): the defaults where a value was never set. */
export async function staffPolicy(db: DB): Promise<StaffPolicy> {
  const saved = (await readSetting<Partial<StaffPolicy>>(db, STAFF_POLICY))?.value;
  return { ...DEFAULT_STAFF_POLICY, ...saved };
}
