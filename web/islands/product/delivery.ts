import { addBusinessDays, addDays, formatWeekday } from '../../../rules/dates.ts';
import { COURIER_DAYS } from '../../../rules/couriers.ts';

export { addBusinessDays, addDays };

/** Shipping policy (backoffice.md §9): processing 2-4 business days, then 3-7 (India) or 7-15 (abroad) business days. */
export const PROCESSING_DAYS = [2, 4] as const;
export const DOMESTIC_DAYS = COURIER_DAYS.domestic;
export const INTERNATIONAL_DAYS = COURIER_DAYS.international;

/**
 * The earliest and latest delivery dates for an order placed on `from`: a piece
 * in stock is processed in 2-4 business days; a made-to-order piece ships when it
 * is made, `leadDays` calendar days later (issue 16). Then 3-7 business days in
 * India or 7-15 abroad.
 */
export function deliveryWindow(from: Date, international: boolean, leadDays = 0): [Date, Date] {
  const [shipMin, shipMax] = international ? INTERNATIONAL_DAYS : DOMESTIC_DAYS;
  if (leadDays > 0) {
    const ships = addDays(from, leadDays);
    return [addBusinessDays(ships, shipMin), addBusinessDays(ships, shipMax)];
  }
  return [addBusinessDays(from, PROCESSING_DAYS[0] + shipMin), addBusinessDays(from, PROCESSING_DAYS[1] + shipMax)];
}

/** The delivery box's line: when it ships, then how long the courier takes. */
export function shippingLine(international: boolean, leadDays = 0): string {
  const ships = leadDays > 0 ? `Made to order: ships in ${leadDays} ${leadDays === 1 ? 'day' : 'days'}` : `Ships in ${PROCESSING_DAYS[0]}-${PROCESSING_DAYS[1]} business days`;
  const [min, max] = international ? INTERNATIONAL_DAYS : DOMESTIC_DAYS;
  return international ? `${ships}, then ${min}-${max} business days internationally. ` : `${ships}, then ${min}-${max} business days within India · free shipping. `;
}

/** "Tue, 2 Dec – Mon, 15 Dec", in India's calendar (rules/dates.ts). */
export function formatWindow([earliest, latest]: [Date, Date]): string {
  return `${formatWeekday(earliest)} – ${formatWeekday(latest)}`;
}

/** The days a carat row takes to make before it ships: its lead time when made to order (stock null), else 0 (in stock ships as usual). */
export function leadDaysOf(row: { stock: number | null; lead_time_days: number | null } | undefined): number {
  return row && row.stock === null ? (row.lead_time_days ?? 0) : 0;
}

/** An order ships whole: it waits for its slowest made-to-order piece (the lead times its items were ordered with). */
export function orderLeadDays(order: { orderItems: { lead_time_days?: number | null }[] }): number {
  return Math.max(0, ...order.orderItems.map((item) => item.lead_time_days ?? 0));
}
