import { type Currency, formatMoney } from '../../rules/money.ts';

/**
 * The words and times of a held checkout price (POST /checkoutquote's quote_id and
 * locked_until, issue 32): when the hold ends in the shopper's own time, and what the
 * shopper is told when a new price replaces a lapsed or refused one.
 */

/** What a held price is made of, as far as the shopper is told about it. */
export interface HeldFigures {
  currency: Currency;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  locked_until: string;
}

/** Why a held price was replaced: its hold ran out, or the server found the checkout changed since. */
export type RenewalReason = 'lapsed' | 'changed';

const clock = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The end of a hold in the shopper's local time, hours and minutes: "14:32". */
export function lockTime(lockedUntil: string): string {
  const time = Date.parse(lockedUntil);
  return Number.isNaN(time) ? '' : clock.format(time);
}

/** Milliseconds left on a hold by this browser's clock (negative once past; NaN for no time). */
export function msLeft(lockedUntil: string, now = Date.now()): number {
  return Date.parse(lockedUntil) - now;
}

/** "14 min left", "under a minute left": whole minutes still held, rounded down. */
export function timeLeftText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return minutes < 1 ? 'under a minute left' : `${minutes} min left`;
}

/**
 * What the shopper reads when a new price replaces the one shown: what moved and the
 * new total against the old, or that nothing did and until when it holds again. When an
 * order or payment was being started at the old price (`interrupted`), that it was not.
 */
export function renewalNotice(reason: RenewalReason, before: HeldFigures, after: HeldFigures, interrupted = false): string {
  const money = (amount: number) => formatMoney(amount, after.currency);
  let said: string;
  if (before.total === after.total && before.currency === after.currency) {
    said = `Prices are unchanged; the rate is locked again until ${lockTime(after.locked_until)}.`;
  } else {
    const what =
      reason === 'changed'
        ? 'Your checkout has changed since its price was held'
        : before.subtotal !== after.subtotal
          ? 'The gold rate has changed'
          : before.shipping !== after.shipping
            ? 'The shipping charge has changed'
            : 'Your coupon discount has changed';
    said = `${what}: your total is now ${money(after.total)} (was ${formatMoney(before.total, before.currency)}).`;
  }
  return interrupted ? `${said} Your order has not been placed yet: please check the total and press Place Order again.` : said;
}

/** Whether a refusal of /payment or /createorder (409) says the held price lapsed or the checkout changed. */
export function heldPriceRefusal(data: unknown): RenewalReason | null {
  if (!data || typeof data !== 'object') return null;
  if ((data as { quote_lapsed?: unknown }).quote_lapsed === true) return 'lapsed';
  if ((data as { quote_changed?: unknown }).quote_changed === true) return 'changed';
  return null;
}
