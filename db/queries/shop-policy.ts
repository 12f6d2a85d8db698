/**
 * The shop's return, exchange and buy-back policy (issue 36, rules/shop-policy.ts), kept in
 * shop_settings under one key as JSON like the staff policy: the documents' values
 * (DEFAULT_SHOP_POLICY) until the owner saves one, and any value never saved read as its default.
 */

import { type ShopPolicy, shopPolicyProblems, tidyShopPolicy, withPolicyDefaults } from '../../rules/shop-policy.ts';
import { invalidError } from '../../rules/errors.ts';
import { toMajor } from '../../rules/money.ts';
import { recordChange } from '../audit.ts';
import { bumpCatalogueRowsVersion } from './catalogue-rows-version.ts';
import type { DB } from '../connection.ts';
import { utcTimestamp } from '../time.ts';
import type { Trx } from '../transaction.ts';

export const SHOP_POLICY_KEY = 'shop_policy';

/** The policy in force (the documents' values where the owner never set one). */
export async function shopPolicy(db: DB): Promise<ShopPolicy> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', SHOP_POLICY_KEY).executeTakeFirst();
  return withPolicyDefaults(row ? (JSON.parse(row.value) as Partial<ShopPolicy>) : null);
}

/** A policy as the audit trail shows it: money in rupees. */
function audited(policy: ShopPolicy): Record<string, unknown> {
  return { ...policy, return_shipping_charge: toMajor(policy.return_shipping_charge) };
}

/**
 * Saves the whole policy inside the caller's write transaction and records the change (the
 * values that moved). A policy that breaks a rule is refused (invalid, in
 * words) and nothing is written. Answers the policy saved.
 */
export async function saveShopPolicy(trx: Trx, policy: ShopPolicy): Promise<ShopPolicy> {
  const after = tidyShopPolicy(policy);
  const problems = shopPolicyProblems(after);
  if (problems.length > 0) throw invalidError(problems.map((p) => p.message).join(' '), { problems });
  const before = await shopPolicy(trx);
  const value = JSON.stringify(after);
  await trx
    .insertInto('shop_settings')
    .values({ key: SHOP_POLICY_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: utcTimestamp() }))
    .execute();
  // A product's answer (POST /getproductbyid) says the policy's promises: not the old ones from a kept answer.
  await bumpCatalogueRowsVersion(trx);
  await recordChange(trx, { action: 'settings.shop_policy', entity: 'setting', entity_id: SHOP_POLICY_KEY, before: audited(before), after: audited(after) });
  return after;
}

/** An order line as the buy-back quote needs it: the piece as sold, its order's status and its purity. */
export interface LineForQuote {
  oi_id: number;
  o_id: number;
  status: number;
  product_name: string;
  carat_id: number | null;
  carat_name: string | null;
  quantity: number;
  net_weight_mg: number | null;
  stones_inr: number | null;
  making_inr: number | null;
}

/** One of a shopper's own order lines (undefined: no such line, or another account's). */
export async function ownLineForQuote(db: DB, oi_id: number, u_id: number): Promise<LineForQuote | undefined> {
  const row = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.o_id', 'oi.o_id')
    .select(['oi.oi_id', 'oi.o_id', 'o.status', 'oi.product_name', 'oi.carat_id', 'oi.carat_name', 'oi.quantity', 'oi.net_weight_mg', 'oi.stones_inr', 'oi.making_inr'])
    .where('oi.oi_id', '=', oi_id)
    .where('o.u_id', '=', u_id)
    .executeTakeFirst();
  if (!row) return undefined;
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return { ...row, status: Number(row.status), quantity: Number(row.quantity), net_weight_mg: num(row.net_weight_mg), stones_inr: num(row.stones_inr), making_inr: num(row.making_inr) };
}
