/**
 * Where a shopper follows a parcel (issue 35): the couriers the shop ships with and the page of
 * each that shows a tracking number. A courier not in the table gets no link, only the number.
 * Once an order ships, its delivery estimate counts the courier's days from the day it shipped
 * (shipmentWindow), no longer the shop's making and packing time.
 */
import { addBusinessDays } from './dates.ts';

/**
 * Business days a parcel takes from the day it ships (the shipping policy, backoffice.md §9):
 * 3-7 within India, 7-15 abroad. A courier of TRACKING_PAGES may state its own `days`.
 */
export const COURIER_DAYS = { domestic: [3, 7], international: [7, 15] } as const satisfies Record<string, readonly [number, number]>;

/** A courier's tracking page for a number; `{n}` is where the number goes. */
const TRACKING_PAGES: ReadonlyArray<{ names: readonly string[]; page: string; days?: typeof COURIER_DAYS }> = [
  { names: ['blue dart', 'bluedart'], page: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={n}' },
  { names: ['delhivery'], page: 'https://www.delhivery.com/track/package/{n}' },
  { names: ['dtdc'], page: 'https://www.dtdc.in/tracking.asp?strCnno={n}' },
  { names: ['india post', 'speed post', 'indiapost'], page: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={n}' },
  { names: ['ecom express', 'ecomexpress'], page: 'https://ecomexpress.in/tracking/?awb_field={n}' },
  { names: ['xpressbees'], page: 'https://www.xpressbees.com/shipment/tracking?awbNo={n}' },
  { names: ['fedex'], page: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  { names: ['dhl', 'dhl express'], page: 'https://www.dhl.com/in-en/home/tracking.html?tracking-id={n}' },
  { names: ['ups'], page: 'https://www.ups.com/track?tracknum={n}' },
];

/** The courier of the table a name means ("Blue Dart", "bluedart", " DHL "), or undefined. */
function knownCourier(courier: string | null | undefined) {
  const name = (courier ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return name ? TRACKING_PAGES.find((c) => c.names.includes(name)) : undefined;
}

/** The courier's page for this tracking number, or null when the courier is not one the table knows. */
export function trackingUrl(courier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const number = (trackingNumber ?? '').trim();
  const known = number ? knownCourier(courier) : undefined;
  return known ? known.page.replace('{n}', encodeURIComponent(number)) : null;
}

/** The earliest and latest delivery dates of a parcel that shipped on `shippedAt`: the courier's business days (COURIER_DAYS). */
export function shipmentWindow(shippedAt: Date, courier: string | null | undefined, international: boolean): [Date, Date] {
  const days = knownCourier(courier)?.days ?? COURIER_DAYS;
  const [min, max] = international ? days.international : days.domestic;
  return [addBusinessDays(shippedAt, min), addBusinessDays(shippedAt, max)];
}
