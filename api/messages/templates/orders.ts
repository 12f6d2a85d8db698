/**
 * The order messages (issue 35): placed, payment received, shipped (the GST tax invoice PDF
 * attached), delivered, cancelled and refunded, each an HTML and a plain-text part on the shop's
 * page (layout.ts), in the shopper's currency; SMS texts for placed, shipped and delivered.
 * Everything said comes from the payload, the snapshot the event took (api/messages/events.ts),
 * but the invoice PDF, drawn from the stored invoice document as GET /invoice/{o_id} draws it.
 */
import { createElement } from 'react';
import { findInvoice } from '../../../db/queries/hallmarks-invoices.ts';
import { findCountry } from '../../../rules/address.ts';
import { shipmentWindow, trackingUrl } from '../../../rules/couriers.ts';
import { formatWeekday } from '../../../rules/dates.ts';
import { type InvoiceDocument, orderTaxTotals } from '../../../rules/invoice.ts';
import type { Currency } from '../../../rules/money.ts';
import { formatPhone } from '../../../rules/phone.ts';
import { TAX_RATE_TEXT } from '../../../rules/tax.ts';
import { renderInvoicePdf } from '../../invoices/pdf.ts';
import type { OrderPlacedPayload, OrderUpdatePayload, RefundNote } from '../events.ts';
import type { EmailContent, RenderContext, Template } from '../template.ts';
import { moneyText, trackUrl } from '../links.ts';
import { A, Action, COLOURS, Eyebrow, Facts, P, Rule, renderParts, SHOP_NAME, Small, Title } from './layout.ts';

const legalName = (context: RenderContext) => context.config.seller?.legalName ?? SHOP_NAME;

/** "2026-12-08" -> "8 December 2026". */
function dayText(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
}

/** What was paid other than by store credit: online, or to pay on delivery (minor units). */
const paidBeyondCredit = (order: Pick<OrderPlacedPayload, 'total' | 'store_credit'>) => order.total - (order.store_credit ?? 0);

/** How the money of an order was paid, in words, with the amounts: store credit first, then the rest online or on delivery. */
function paymentText(order: Pick<OrderPlacedPayload, 'payment_method' | 'total' | 'currency' | 'store_credit'>): string {
  if (order.payment_method === 'store_credit') return `Paid by store credit: ${moneyText(order.total, order.currency)}, nothing to pay when it arrives.`;
  const rest = moneyText(paidBeyondCredit(order), order.currency);
  const credit = order.store_credit ? `Paid by store credit: ${moneyText(order.store_credit, order.currency)}. ` : '';
  return order.payment_method === 'cod' ? `${credit}Cash on delivery: ${rest} to pay when it arrives.` : `${credit}Paid online: ${rest}, received with thanks.`;
}

/** Where a refund goes back to (a sentence's end). */
const refundMethodText = (method: string) => (method === 'cod' ? 'to the bank account you tell us' : 'to the card, UPI or bank account you paid with');

/** Where a refund goes back to (a short value beside its label). */
const refundMethodShort = (method: string) => (method === 'cod' ? 'The bank account you tell us' : 'Your original payment method');

/** "Fri, 4 Dec – Wed, 10 Dec". */
const windowText = ([earliest, latest]: [Date, Date]) => `${formatWeekday(earliest)} – ${formatWeekday(latest)}`;

/**
 * An order's totals and the GST its total includes, as its tax invoice will split it: CGST and
 * SGST in the shop's own state, IGST elsewhere in India (rules/invoice.ts orderTaxTotals), none
 * for an export.
 */
function totalsRows(order: OrderPlacedPayload, context: RenderContext) {
  const money = (minor: number) => moneyText(minor, order.currency);
  const rows: { label: string; value: string; strong?: boolean }[] = [{ label: 'Subtotal', value: money(order.subtotal) }];
  if (order.discount) rows.push({ label: `Discount${order.coupon_name ? ` (${order.coupon_name})` : ''}`, value: `−${money(order.discount)}` });
  rows.push({ label: 'Shipping', value: order.shipping ? money(order.shipping) : 'Free' });
  rows.push({ label: 'Total', value: money(order.total), strong: true });
  const tax = orderTaxTotals(context.config.seller?.stateCode ?? '', { ...order.address, discount: order.discount, shipping: order.shipping }, order.lines);
  if (tax.supply === 'intra_state') {
    rows.push({ label: `Includes CGST ${TAX_RATE_TEXT.cgst}`, value: money(tax.cgst) }, { label: `Includes SGST ${TAX_RATE_TEXT.sgst}`, value: money(tax.sgst) });
  } else if (tax.supply === 'inter_state') {
    rows.push({ label: `Includes IGST ${TAX_RATE_TEXT.igst}`, value: money(tax.igst) });
  } else {
    rows.push({ label: 'GST', value: 'None (export)' });
  }
  // Store credit is a payment toward the total (its GST unchanged), so it comes after the tax the total includes.
  if (order.store_credit && order.payment_method !== 'store_credit') {
    rows.push({ label: 'Paid by store credit', value: `−${money(order.store_credit)}` });
    rows.push({ label: order.payment_method === 'cod' ? 'To pay on delivery' : 'Paid online', value: money(paidBeyondCredit(order)), strong: true });
  }
  return rows;
}

/** One line's details: purity, metal, size and weight. */
function lineDetails(l: OrderPlacedPayload['lines'][number]): string {
  const weight = l.net_weight_mg === null ? null : `${(l.net_weight_mg / 1000).toFixed(3)} g${l.quantity > 1 ? ' each' : ''}`;
  return [l.carat_name, l.material_name, l.size_name ? `Size ${l.size_name}` : null, weight].filter(Boolean).join(' · ');
}

/** Lines of text one under the other. */
const Lines = (lines: (string | null | undefined)[]) => P(...lines.filter((line): line is string => Boolean(line)).flatMap((line, i) => (i ? [createElement('br', { key: i }), line] : [line])));

/** The order as placed: its lines, totals, address and payment. */
function orderSummary(order: OrderPlacedPayload, context: RenderContext) {
  const money = (minor: number) => moneyText(minor, order.currency);
  const a = order.address;
  return [
    Eyebrow(`Order #${order.o_id} · ${dayText(order.placed_at)}`),
    Facts(
      order.lines.map((l) => ({
        label: createElement(
          'span',
          null,
          createElement('strong', null, l.product_name),
          createElement('br'),
          createElement('span', { style: { fontSize: '13px', color: COLOURS.muted } }, lineDetails(l)),
          createElement('br'),
          createElement('span', { style: { fontSize: '13px', color: COLOURS.muted } }, `Qty ${l.quantity}\u00a0×\u00a0${money(l.price)}`),
        ),
        value: money(l.line_total),
      })),
    ),
    Rule(),
    Facts(totalsRows(order, context)),
    Eyebrow('Delivery to'),
    Lines([`${a.first_name} ${a.last_name}`.trim(), a.address, a.apartment, `${a.city}, ${a.state} ${a.zip_code}`, findCountry(a.country)?.name ?? a.country, formatPhone(a.phone_number)]),
    Eyebrow('Payment'),
    P(paymentText(order)),
  ];
}


async function email(subject: string, preview: string, children: Parameters<typeof renderParts>[1], context: RenderContext): Promise<EmailContent> {
  return { subject, ...(await renderParts(preview, children, legalName(context))) };
}

const orderPlaced: Template<OrderPlacedPayload> = {
  email(order, context) {
    const track = trackUrl(context, order.o_id);
    return email(
      `Your ${SHOP_NAME} order #${order.o_id} is placed`,
      `Thank you for your order #${order.o_id}: ${moneyText(order.total, order.currency)}.`,
      [
        Title('Thank you for your order'),
        P(`Dear ${order.address.first_name}, we have your order #${order.o_id} and are preparing it. We will write again when it ships.`),
        Action(track, 'Track your order'),
        ...orderSummary(order, context),
        Rule(),
        Small('Track your order any time: ', A(track, track)),
      ],
      context,
    );
  },
  sms(order, context) {
    return `${SHOP_NAME}: order #${order.o_id} placed, total ${moneyText(order.total, order.currency)}. Track it: ${trackUrl(context, order.o_id)}`;
  },
};

const orderPaid: Template<OrderPlacedPayload> = {
  email(order, context) {
    const track = trackUrl(context, order.o_id);
    // The provider took the total less any store credit (issue 36): that is the payment received.
    const paid = moneyText(paidBeyondCredit(order), order.currency);
    return email(
      `Payment received for order #${order.o_id}`,
      `We have received your payment of ${paid}.`,
      [
        Title('Payment received'),
        P(`Dear ${order.address.first_name}, we have received your payment of ${paid} for order #${order.o_id}. Thank you.`),
        Facts([
          { label: 'Order', value: `#${order.o_id}` },
          { label: 'Amount paid', value: paid, strong: true },
          { label: 'Paid', value: `Online, ${dayText(order.placed_at)}` },
        ]),
        Small('Your GST tax invoice comes with the shipping e-mail.'),
        Action(track, 'Track your order'),
      ],
      context,
    );
  },
};

/** The shipment: when it left, the courier, the tracking number (a link to the courier's page where the courier is known), the expected delivery. */
function trackingFacts(update: OrderUpdatePayload) {
  const link = trackingUrl(update.courier_name, update.tracking_number);
  const shipped = new Date(update.at);
  const rows: { label: string; value: ReturnType<typeof A> | string }[] = [{ label: 'Shipped', value: dayText(update.at) }];
  if (update.courier_name) rows.push({ label: 'Courier', value: update.courier_name });
  if (update.tracking_number) rows.push({ label: 'Tracking number', value: link ? A(link, update.tracking_number) : update.tracking_number });
  rows.push({ label: 'Expected delivery', value: windowText(shipmentWindow(shipped, update.courier_name, (update.country ?? 'IN') !== 'IN')) });
  return { rows, link };
}

/** The invoice PDF as GET /invoice/{o_id} answers it, from the stored invoice document. */
async function invoiceAttachment(context: RenderContext, o_id: number) {
  const invoice = await findInvoice(context.db, o_id);
  if (!invoice) return [];
  const content = await renderInvoicePdf(JSON.parse(invoice.document) as InvoiceDocument);
  return [{ filename: `invoice-${invoice.invoice_no.replaceAll('/', '-')}.pdf`, content, contentType: 'application/pdf' }];
}

const firstName = (update: OrderUpdatePayload) => update.name.split(' ')[0] || 'there';

const orderShipped: Template<OrderUpdatePayload> = {
  async email(update, context) {
    const track = trackUrl(context, update.o_id);
    const { rows, link } = trackingFacts(update);
    const content = await email(
      `Your order #${update.o_id} has shipped`,
      update.tracking_number ? `On its way${update.courier_name ? ` with ${update.courier_name}` : ''}: ${update.tracking_number}.` : 'Your order is on its way.',
      [
        Title('Your order is on its way'),
        P(`Dear ${firstName(update)}, order #${update.o_id} has left our workshop, insured until it reaches you.`),
        Facts(rows),
        Action(link ?? track, link ? `Follow your parcel with ${update.courier_name}` : 'Track your order'),
        ...(update.invoice_no ? [P(`Your GST tax invoice ${update.invoice_no} is attached as a PDF.`)] : []),
        Small('Track your order any time: ', A(track, track)),
      ],
      context,
    );
    return update.invoice_no ? { ...content, attachments: await invoiceAttachment(context, update.o_id) } : content;
  },
  sms(update, context) {
    const tracking = update.tracking_number ? ` with ${update.courier_name ?? 'our courier'}, tracking ${update.tracking_number}` : '';
    return `${SHOP_NAME}: order #${update.o_id} has shipped${tracking}. ${trackingUrl(update.courier_name, update.tracking_number) ?? trackUrl(context, update.o_id)}`;
  },
};

/** The pieces of an order still in the catalogue, each with its product page's reviews (the order's lines never change once placed). */
async function piecesToReview(context: RenderContext, o_id: number): Promise<{ name: string; href: string }[]> {
  const items = await context.db.selectFrom('order_items').select(['p_id', 'product_name']).where('o_id', '=', o_id).orderBy('oi_id').execute();
  const seen = new Set<number>();
  return items.flatMap((item) => {
    if (item.p_id === null || seen.has(item.p_id)) return [];
    seen.add(item.p_id);
    return [{ name: item.product_name, href: `${context.config.publicUrl}/product-details/${item.p_id}#reviews` }];
  });
}

const orderDelivered: Template<OrderUpdatePayload> = {
  async email(update, context) {
    const pieces = await piecesToReview(context, update.o_id);
    const track = trackUrl(context, update.o_id);
    return email(
      `Your order #${update.o_id} is delivered`,
      'Your jewellery has arrived. Tell us what you think.',
      [
        Title('Delivered'),
        P(`Dear ${firstName(update)}, order #${update.o_id} was delivered on ${dayText(update.at)}. We hope you love it.`),
        P('Your review helps other shoppers choose, and helps us make better pieces. It takes a minute.'),
        Action(pieces[0]?.href ?? track, pieces.length === 1 ? `Review ${pieces[0].name}` : 'Review your pieces'),
        ...(pieces.length > 1 ? [Eyebrow('Your pieces'), P(...pieces.flatMap((piece, i) => [...(i ? [createElement('br', { key: i })] : []), A(piece.href, `Review ${piece.name}`)]))] : []),
        Small('Something not right? Reply to this e-mail and we will help. Your order: ', A(track, track)),
      ],
      context,
    );
  },
  sms(update) {
    return `${SHOP_NAME}: order #${update.o_id} is delivered. We hope you love it!`;
  },
};

/** A refund's amount, how it comes back and by when. */
function refundFacts(refund: RefundNote, currency: Currency) {
  return Facts([
    { label: 'Refund', value: moneyText(refund.amount, currency), strong: true },
    { label: 'Paid back to', value: refundMethodShort(refund.method) },
    { label: 'Expected by', value: dayText(refund.expected_by) },
  ]);
}

const orderCancelled: Template<OrderUpdatePayload> = {
  email(update, context) {
    const refund = update.refund;
    return email(
      `Your order #${update.o_id} is cancelled`,
      refund ? `Cancelled; ${moneyText(refund.amount, update.currency)} is being refunded.` : `Order #${update.o_id} is cancelled.`,
      [
        Title('Order cancelled'),
        P(`Dear ${firstName(update)}, order #${update.o_id} (${moneyText(update.total, update.currency)}) was cancelled on ${dayText(update.at)}.`),
        ...(refund
          ? [P(`We are refunding ${moneyText(refund.amount, update.currency)} ${refundMethodText(refund.method)}; we will write again when the payment provider has accepted it.`), refundFacts(refund, update.currency)]
          : [P(update.payment_method === 'cod' ? 'Nothing was charged: it was to be paid on delivery.' : update.payment_method === 'store_credit' ? 'It was paid by store credit: the credit is back in your account.' : 'Nothing is owed either way.')]),
        Small('Questions? Reply to this e-mail.'),
      ],
      context,
    );
  },
};

const orderRefunded: Template<OrderUpdatePayload> = {
  email(update, context) {
    const refund = update.refund ?? { amount: update.total, method: update.payment_method, expected_by: update.at };
    const amount = moneyText(refund.amount, update.currency);
    return email(
      `Refund of ${amount} for order #${update.o_id}`,
      `Your refund of ${amount} is on its way.`,
      [
        Title('Your refund is on its way'),
        P(`Dear ${firstName(update)}, the refund for order #${update.o_id} has been accepted by our payment provider.`),
        refundFacts(refund, update.currency),
        Small('Banks and card issuers can take a few working days to show it. If it has not arrived by the date above, reply to this e-mail.'),
      ],
      context,
    );
  },
};

/** The order events' templates (api/messages/render.ts `templates`). */
export const orderTemplates: Record<string, Template> = {
  'order.placed': orderPlaced,
  'order.paid': orderPaid,
  'order.shipped': orderShipped,
  'order.delivered': orderDelivered,
  'order.cancelled': orderCancelled,
  'order.refunded': orderRefunded,
};
