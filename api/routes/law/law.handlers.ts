import type { RouteHandler } from '@hono/zod-openapi';
import { findInvoice } from '../../../db/queries/hallmarks-invoices.ts';
import { findOrder } from '../../../db/queries/orders.ts';
import { adminCodCap, setAdminCodCap, setShippingRates, shippingRates } from '../../../db/queries/shop-settings.ts';
import { COUNTRIES, HOME_COUNTRY, INDIAN_STATES } from '../../../rules/address.ts';
import { effectiveCodCap, LEGAL_CASH_LIMIT } from '../../../rules/compliance.ts';
import { DEFAULT_PIECE_WEIGHT_G, PACKAGING_G, rateTableProblem, type ShippingRates } from '../../../rules/shipping.ts';
import type { AppEnv } from '../../context.ts';
import { invalidError, notFoundError } from '../../../rules/errors.ts';
import { ok } from '../../errors.ts';
import type { InvoiceDocument } from '../../../rules/invoice.ts';
import { renderInvoicePdf } from '../../invoices/pdf.ts';
import { recordHuids } from '../../orders/hallmarks.ts';
import { paymentRulesOfDay } from '../../orders/checkout-law.ts';
import { CURRENCY_OF_FIELD, FIELD_OF_CURRENCY, toMajor, toMinor } from '../../../rules/money.ts';
import { priceCheckout } from '../../orders/place-order.ts';
import { shopperCurrency } from '../../orders/pricing.ts';
import { holdQuote } from '../../orders/quotes.ts';
import { isoTimestamp } from '../../../db/time.ts';
import { storeCreditBalance } from '../../../db/queries/store-credit.ts';
import { amountDueAfterCredit, storeCreditToUse } from '../../../rules/store-credit.ts';
import type { checkoutQuote, getCodLimit, getInvoice, getShippingRates, setCodLimit, setOrderHuid, setShippingRates as setShippingRatesRoute } from './law.routes.ts';

/** The rate table as the API speaks it: rupees and dollars. */
function ratesView(rates: ShippingRates) {
  return {
    zones: rates.zones.map((z) => ({
      name: z.name,
      countries: z.countries,
      bands: z.bands.map((b) => ({ up_to_g: b.up_to_g, inr_price: toMajor(b.inr), usd_price: toMajor(b.usd) })),
    })),
  };
}

export const getShippingRatesHandler: RouteHandler<typeof getShippingRates, AppEnv> = async (c) => {
  const rates = await shippingRates(c.var.deps.db);
  return ok(c, 'Shipping rates.', {
    ...ratesView(rates),
    countries: COUNTRIES.map((k) => ({ code: k.code, name: k.name, postal_label: k.postalLabel, region_label: k.regionLabel, postal_pattern: k.postalCode?.source ?? null })),
    states: INDIAN_STATES.map((s) => ({ name: s.name, gst_code: s.gstCode, kind: s.kind })),
    default_piece_weight_g: DEFAULT_PIECE_WEIGHT_G,
    packaging_g: PACKAGING_G,
  });
};

export const setShippingRatesHandler: RouteHandler<typeof setShippingRatesRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const rates: ShippingRates = {
    zones: body.zones.map((z) => ({ name: z.name, countries: z.countries, bands: z.bands.map((b) => ({ up_to_g: b.up_to_g, inr: toMinor(b.inr_price), usd: toMinor(b.usd_price) })) })),
  };
  const problem = rateTableProblem(rates);
  if (problem) throw invalidError(problem);
  await setShippingRates(c.var.deps.db, rates);
  return ok(c, 'Shipping rates saved.', ratesView(rates));
};

async function codLimitView(c: { var: AppEnv['Variables'] }) {
  const admin = await adminCodCap(c.var.deps.db);
  return { legal_limit: toMajor(LEGAL_CASH_LIMIT), admin_cap: admin === null ? null : toMajor(admin), cod_cap: toMajor(effectiveCodCap(admin)) };
}

export const getCodLimitHandler: RouteHandler<typeof getCodLimit, AppEnv> = async (c) => ok(c, 'Cash on delivery cap.', await codLimitView(c));

export const setCodLimitHandler: RouteHandler<typeof setCodLimit, AppEnv> = async (c) => {
  const { cod_cap } = c.req.valid('json');
  await setAdminCodCap(c.var.deps.db, cod_cap === null ? null : toMinor(cod_cap));
  return ok(c, cod_cap === null ? 'Cash on delivery cap removed: the law\'s ₹2,00,000 applies.' : 'Cash on delivery cap saved.', await codLimitView(c));
};

export const checkoutQuoteHandler: RouteHandler<typeof checkoutQuote, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { db } = c.var.deps;
  const currency = await shopperCurrency(db, c.var.caller.u_id, c.var.caller);
  if (body.priceType && CURRENCY_OF_FIELD[body.priceType] !== currency) {
    throw invalidError(`Prices for this account are in ${currency === 'INR' ? 'rupees (inr_price)' : 'dollars (usd_price)'}. Please refresh the page.`);
  }
  const country = body.country ?? HOME_COUNTRY;
  const couponName = body.coupon_name ?? null;
  const priced = await priceCheckout(db, c.var.caller.u_id, { lines: body.cartItems, currency, couponName, address: { country } });
  const rules = await paymentRulesOfDay(db, priced, { u_id: c.var.caller.u_id, phone: body.phone_number });
  const held = await holdQuote(db, c.var.caller.u_id, { currency, couponName, country }, priced, c.var.deps.config.quoteLockMs);
  // Store credit (issue 36): what the order would use now; decided again from the ledger when it is placed.
  const available = await storeCreditBalance(db, c.var.caller.u_id);
  const storeCredit = body.use_store_credit ? storeCreditToUse(available, priced.total, { currency: priced.currency }) : 0;
  return ok(c, 'Checkout quote.', {
    quote_id: held.quote_id,
    locked_until: isoTimestamp(held.locked_until),
    currency: priced.currency,
    subtotal: toMajor(priced.subtotal),
    discount: toMajor(priced.discount),
    shipping: toMajor(priced.shipping),
    total: toMajor(priced.total),
    country: priced.country,
    weight_g: priced.weight_g,
    zone: priced.zone,
    cod_allowed: rules.cod_allowed,
    cod_message: rules.cod_message,
    cod_cap: toMajor(rules.cod_cap),
    pan_required: rules.pan_required,
    store_credit_available: toMajor(available),
    store_credit: toMajor(storeCredit),
    amount_due: toMajor(amountDueAfterCredit(priced.total, storeCredit)),
    gst_included: priced.country === HOME_COUNTRY,
    lines: priced.lines.map((l) => ({ c_id: l.c_id, listed_price: toMajor(l[FIELD_OF_CURRENCY[priced.currency]]), price: toMajor(l.price), quantity: l.quantity, line_total: toMajor(l.line_total) })),
  });
};

export const setOrderHuidHandler: RouteHandler<typeof setOrderHuid, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const result = await recordHuids(c.var.deps.db, body.o_id, body.items);
  return ok(c, result.complete ? 'HUIDs saved: every piece has one.' : 'HUIDs saved.', result);
};

export const getInvoiceHandler: RouteHandler<typeof getInvoice, AppEnv> = async (c) => {
  const { o_id } = c.req.valid('param');
  const { db } = c.var.deps;
  const order = await findOrder(db, o_id);
  // Another shopper's order is answered as missing.
  if (!order || (order.u_id !== c.var.caller.u_id && !c.var.caller.permissions.includes('orders.view'))) throw notFoundError('Order not found.');
  const invoice = await findInvoice(db, o_id);
  if (!invoice) throw notFoundError('The tax invoice is issued when the order ships.');
  const pdf = await renderInvoicePdf(JSON.parse(invoice.document) as InvoiceDocument);
  const fileName = `invoice-${invoice.invoice_no.replaceAll('/', '-')}.pdf`;
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
  });
};
