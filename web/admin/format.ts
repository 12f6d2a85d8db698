import { findCountry } from '../../rules/address.ts';
import { type Currency, formatMoney } from '../../rules/money.ts';
import { isOrderStatus, ORDER_STATUS } from '../../rules/orders.ts';

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Dates in long US format, e.g. 'November 21, 2026' (backoffice.md §9); '—' for a missing date. */
export function formatLongDate(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? '—' : longDate.format(time);
}

/** Date and time for lists where the hour matters (inquiries). */
export function formatDateTime(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? '—' : dateTime.format(time);
}

/** Order money: the rupee sign (or the order's own currency) and always two decimals (§9). */
export function formatOrderMoney(amount: number | null | undefined, currency: Currency = 'INR'): string {
  return formatMoney(Number.isFinite(amount) ? Number(amount) : 0, currency, { cents: true });
}

export { ORDER_STATUSES } from '../../rules/orders.ts';

/** An unknown status value displays as Pending (§4). */
export function knownStatus(status: number): number {
  return isOrderStatus(status) ? status : ORDER_STATUS.pending;
}

/** The shipping address on one line: address, apartment, city, state, ZIP. */
export function shippingAddress(order: { address?: string | null; apartment?: string | null; city?: string | null; state?: string | null; zip_code?: string | null; country?: string | null }): string {
  // Abroad, the country closes the address; India is the default and left out.
  const country = order.country && order.country !== 'IN' ? (findCountry(order.country)?.name ?? order.country) : null;
  const parts = [order.address, order.apartment, order.city, order.state, order.zip_code, country].map((part) => (part ?? '').trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : 'N/A';
}
