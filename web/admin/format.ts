import { findCountry } from '../../rules/address.ts';
import { type Currency, formatMoney } from '../../rules/money.ts';
import { isOrderStatus, ORDER_STATUS } from '../../rules/orders.ts';

/**
 * Dates as the whole shop writes them (rules/dates.ts): '21 Nov 2026', and with the time
 * where the hour matters, '21 Nov 2026, 3:30 pm', in India's time; '—' for a missing date.
 * (Issue 33 made them one: backoffice.md §9's long US format was the back office's alone.)
 */
export { formatDate, formatDateTime } from '../../rules/dates.ts';

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
