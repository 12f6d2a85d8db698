/**
 * Where a shopper follows a parcel (issue 35): the couriers the shop ships with and the page of
 * each that shows a tracking number. A courier not in the table gets no link, only the number.
 */

/** A courier's tracking page for a number; `{n}` is where the number goes. */
const TRACKING_PAGES: ReadonlyArray<{ names: readonly string[]; page: string }> = [
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

/** The courier's page for this tracking number, or null when the courier is not one the table knows. */
export function trackingUrl(courier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const name = (courier ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  const number = (trackingNumber ?? '').trim();
  if (!name || !number) return null;
  const known = TRACKING_PAGES.find((c) => c.names.includes(name));
  return known ? known.page.replace('{n}', encodeURIComponent(number)) : null;
}
