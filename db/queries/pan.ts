/**
 * The buyer's PAN at rest and on screen (issue 34). An order's PAN (orders.pan) and the PAN
 * an online payment keeps with its checkout (payments.checkout) are stored sealed under
 * PAN_KEY (db/secrets.ts). Shown whole only to staff holding `pan.view` (owner, accounts),
 * each time recorded in the audit trail; everyone else reads it masked (XXXXXX234F, as the
 * shopper and the tax invoice show it: one mask, so no two views add up to more).
 */
import { maskPan } from '../../rules/compliance.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { isSealed, openSecret, sealSecret } from '../secrets.ts';
import { writeTransaction } from '../transaction.ts';

/** The PAN as stored: sealed (null stays null). */
export function sealPan(key: Uint8Array, pan: string | null | undefined): string | null {
  return pan ? sealSecret(key, pan, 'pan') : null;
}

/**
 * The PAN a stored value holds. A value kept before sealing began (sealed at the next start,
 * sealStoredPans) is answered as it is, so an instance still running the previous version
 * beside this one during a rolling deploy cannot make an order unreadable.
 */
export function openPan(key: Uint8Array, stored: string | null | undefined): string | null {
  if (!stored) return null;
  return isSealed(stored) ? openSecret(key, stored, 'pan') : stored;
}

/** How a reader sees PANs: the key to open them, and whether whole (`pan.view`) or masked. */
export interface PanSight {
  key: Uint8Array;
  whole: boolean;
}

/** A stored PAN as `sight` shows it: whole, or masked (XXXXXX234F). */
export function panAsShown(stored: string | null, sight: PanSight): string | null {
  const pan = openPan(sight.key, stored);
  return pan === null ? null : sight.whole ? pan : maskPan(pan);
}

/**
 * Records that the acting member of staff saw an order's PAN whole ("pan.view"): one audit
 * entry per answer that showed it, without the PAN itself.
 */
export async function recordPanView(db: DB, o_id: number): Promise<void> {
  await writeTransaction(db, (trx) => recordChange(trx, { action: 'pan.view', entity: 'order', entity_id: o_id }), { name: 'record PAN view' });
}

/** Stored rows sealed per statement batch at start. */
const SEAL_BATCH = 500;

/**
 * Checks that PAN_KEY opens what is already sealed (a changed or lost key would otherwise
 * surface as an order nobody can open), then seals every PAN still stored in the clear: in
 * orders, and in the checkouts online payments keep. Idempotent and safe beside another
 * instance doing the same (each row is rewritten only if it still holds what was read).
 * Throws SecretUnreadable when the key does not open a sealed PAN or TOTP secret.
 */
export async function sealStoredPans(db: DB, key: Uint8Array): Promise<{ orders: number; payments: number }> {
  const [order, user] = await Promise.all([
    db.selectFrom('orders').select('pan').where('pan', 'like', 'enc:%').limit(1).executeTakeFirst(),
    db.selectFrom('users').select('totp_secret').where('totp_secret', 'like', 'enc:%').limit(1).executeTakeFirst(),
  ]);
  if (order?.pan) openSecret(key, order.pan, 'pan');
  if (user?.totp_secret) openSecret(key, user.totp_secret, 'totp');

  let orders = 0;
  for (;;) {
    const rows = await db.selectFrom('orders').select(['o_id', 'pan']).where('pan', 'is not', null).where('pan', 'not like', 'enc:%').orderBy('o_id').limit(SEAL_BATCH).execute();
    for (const { o_id, pan } of rows) {
      const result = await db.updateTable('orders').set({ pan: sealPan(key, pan) }).where('o_id', '=', o_id).where('pan', '=', pan).executeTakeFirst();
      orders += Number(result.numUpdatedRows);
    }
    if (rows.length < SEAL_BATCH) break;
  }

  let payments = 0;
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('payments').select(['pay_id', 'checkout']).where('pay_id', '>', after).where('checkout', 'like', '%"pan":"%').orderBy('pay_id').limit(SEAL_BATCH).execute();
    for (const { pay_id, checkout } of rows) {
      after = pay_id;
      const kept = checkout ? (JSON.parse(checkout) as { pan?: string | null }) : null;
      if (!kept?.pan || isSealed(kept.pan)) continue;
      const sealed = JSON.stringify({ ...kept, pan: sealPan(key, kept.pan) });
      const result = await db.updateTable('payments').set({ checkout: sealed }).where('pay_id', '=', pay_id).where('checkout', '=', checkout).executeTakeFirst();
      payments += Number(result.numUpdatedRows);
    }
    if (rows.length < SEAL_BATCH) break;
  }
  return { orders, payments };
}
