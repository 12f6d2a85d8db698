/** Shipping policy (backoffice.md §9): processing 2-4 business days, then 3-7 (India) or 7-15 (abroad) business days. */
export const PROCESSING_DAYS = [2, 4] as const;
export const DOMESTIC_DAYS = [3, 7] as const;
export const INTERNATIONAL_DAYS = [7, 15] as const;

/** The date a number of business days (Monday to Friday) after a day. */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from);
  let left = days;
  while (left > 0) {
    date.setDate(date.getDate() + 1);
    const day = date.getDay();
    if (day !== 0 && day !== 6) left--;
  }
  return date;
}

/** The earliest and latest delivery dates for an order placed on `from`. */
export function deliveryWindow(from: Date, international: boolean): [Date, Date] {
  const [shipMin, shipMax] = international ? INTERNATIONAL_DAYS : DOMESTIC_DAYS;
  return [addBusinessDays(from, PROCESSING_DAYS[0] + shipMin), addBusinessDays(from, PROCESSING_DAYS[1] + shipMax)];
}

const format = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });

/** "Tue, 2 Dec – Mon, 15 Dec". */
export function formatWindow([earliest, latest]: [Date, Date]): string {
  return `${format.format(earliest)} – ${format.format(latest)}`;
}
