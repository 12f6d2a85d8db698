/**
 * What each event's messages say (issue 35): `templates` maps an event to its e-mail (subject,
 * HTML and plain text, attachments) and its SMS text, made from the payload the event enqueued
 * (api/messages/events.ts). Rendered when the message is sent, never in the shopper's request.
 * The plain bodies here are the first cut; the shop's designed templates replace them.
 */
import type { DB } from '../../db/connection.ts';
import type { Config } from '../env.ts';
import { type Currency, formatMoney, toMajor } from '../../rules/money.ts';
import type { OrderPlacedPayload } from './events.ts';

/** An e-mail as the channel sends it. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer | string; contentType?: string }[];
  /** Extra headers (List-Unsubscribe on a marketing message). */
  headers?: Record<string, string>;
}

/** What a template may read besides its payload. */
export interface RenderContext {
  db: DB;
  config: Pick<Config, 'publicUrl'> & Partial<Config>;
}

export interface Template<P = any> {
  email?: (payload: P, context: RenderContext) => EmailContent | Promise<EmailContent>;
  sms?: (payload: P, context: RenderContext) => string | Promise<string>;
}

/** A message that cannot be rendered (no template for its event and channel): sending it again would not help. */
export class NotRenderable extends Error {}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The order's tracking (My Account's Track Your Order, opened at the order). */
export function trackUrl(context: RenderContext, o_id: number): string {
  return `${context.config.publicUrl}/orderconfirm?track=${o_id}`;
}

/** Minor units as the shopper reads them: ₹1,52,340 or $1,640.25. */
export function moneyText(minor: number, currency: Currency): string {
  return formatMoney(toMajor(minor), currency);
}

const orderPlaced: Template<OrderPlacedPayload> = {
  email(order, context) {
    const money = (minor: number) => moneyText(minor, order.currency);
    const name = `${order.address.first_name} ${order.address.last_name}`.trim();
    const lines = order.lines.map((l) => ({
      what: [l.product_name, l.carat_name, l.material_name, l.size_name].filter(Boolean).join(', '),
      weight: l.net_weight_mg === null ? '' : ` (${(l.net_weight_mg / 1000).toFixed(3)} g)`,
      amount: `${l.quantity} × ${money(l.price)} = ${money(l.line_total)}`,
    }));
    const totals: [string, string][] = [
      ['Subtotal', money(order.subtotal)],
      ...(order.discount ? ([[`Discount${order.coupon_name ? ` (${order.coupon_name})` : ''}`, `−${money(order.discount)}`]] as [string, string][]) : []),
      ['Shipping', order.shipping ? money(order.shipping) : 'Free'],
      ['Total (GST included)', money(order.total)],
    ];
    const a = order.address;
    const address = [name, a.address, a.apartment, `${a.city}, ${a.state} ${a.zip_code}`, a.country].filter(Boolean);
    const payment = order.payment_method === 'cod' ? 'Cash on delivery' : 'Paid online';
    const track = trackUrl(context, order.o_id);
    const text = [
      `Dear ${name},`,
      '',
      `Thank you for your order #${order.o_id}. We will let you know when it ships.`,
      '',
      ...lines.map((l) => `- ${l.what}${l.weight}: ${l.amount}`),
      '',
      ...totals.map(([k, v]) => `${k}: ${v}`),
      '',
      `Payment: ${payment}`,
      `Delivery to: ${address.join(', ')}`,
      '',
      `Track your order: ${track}`,
    ].join('\n');
    const html = `<!doctype html><html><body style="font-family:sans-serif;max-width:600px;margin:auto">
<p>Dear ${escapeHtml(name)},</p>
<p>Thank you for your order <strong>#${order.o_id}</strong>. We will let you know when it ships.</p>
<table style="width:100%;border-collapse:collapse">${lines.map((l) => `<tr><td>${escapeHtml(l.what)}${escapeHtml(l.weight)}</td><td style="text-align:right">${escapeHtml(l.amount)}</td></tr>`).join('')}</table>
<table style="width:100%;border-collapse:collapse;margin-top:1em">${totals.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td style="text-align:right">${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>Payment: ${escapeHtml(payment)}<br>Delivery to: ${address.map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(track)}">Track your order</a></p>
</body></html>`;
    return { subject: `Your order #${order.o_id} is placed`, html, text };
  },
  sms(order, context) {
    return `Aurum Jewels: order #${order.o_id} placed, total ${moneyText(order.total, order.currency)}. Track it: ${trackUrl(context, order.o_id)}`;
  },
};

/** Each event's templates. */
export const templates: Record<string, Template> = {
  'order.placed': orderPlaced,
};

/** The e-mail an event's payload makes. */
export async function renderEmail(event: string, payload: unknown, context: RenderContext): Promise<EmailContent> {
  const make = templates[event]?.email;
  if (!make) throw new NotRenderable(`No e-mail template for the event ${event}`);
  return make(payload, context);
}

/** The SMS text an event's payload makes. */
export async function renderSms(event: string, payload: unknown, context: RenderContext): Promise<string> {
  const make = templates[event]?.sms;
  if (!make) throw new NotRenderable(`No SMS template for the event ${event}`);
  return make(payload, context);
}
