/**
 * `npm run messages:preview [-- --out DIR] [-- --shots]` (issue 35): every order message and the
 * password-reset SMS rendered from realistic demo payloads, as they would be sent, into a folder
 * anyone can open: <event>.html and <event>.txt (the two parts of each e-mail), its attachments
 * (the shipped e-mail's GST tax invoice PDF), sms.txt (every SMS text) and index.html linking them.
 * With --shots, chromium (CHROMIUM_PATH or /usr/bin/chromium) screenshots each e-mail at 390 and
 * 1366 px as <event>-390.png and <event>-1366.png. A throwaway SQLite database holds the order
 * and invoice the shipped e-mail attaches. Newsletter messages are the integrator's: not here; the
 * owners' notice of a webhook endpoint turned off is, where the tree has its template.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../db/connection.ts';
import { insertInvoice } from '../../db/queries/hallmarks-invoices.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { buildInvoice, financialYearStart, invoiceNumber } from '../../rules/invoice.ts';
import { loadConfig } from '../env.ts';
import { type OrderPlacedPayload, type OrderUpdatePayload, refundNote } from '../messages/events.ts';
import { renderEmail, renderSms, templates } from '../messages/render.ts';
import type { RenderContext } from '../messages/template.ts';

const { values: args } = parseArgs({ options: { out: { type: 'string' }, shots: { type: 'boolean', default: false } } });
const out = path.resolve(args.out ?? path.join(tmpdir(), 'aurum-messages'));
mkdirSync(out, { recursive: true });

const work = mkdtempSync(path.join(tmpdir(), 'aurum-messages-db-'));
const { DATABASE_URL: _ignored, ...env } = process.env;
const config = loadConfig({ PAYMENT_PROVIDER: 'sandbox', ...env, DATA_DIR: work, PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://aurumjewels.example' });
const db = openDatabase(config.database);

/** An order of two lines to Ahmedabad (Gujarat, the demo shop's own state: CGST + SGST), with a coupon. */
const placed: OrderPlacedPayload = {
  o_id: 1042,
  placed_at: '2026-11-28T09:35:00.000Z',
  currency: 'INR',
  subtotal: 18748000,
  discount: 1874800,
  shipping: 0,
  total: 16873200,
  coupon_name: 'FESTIVE10',
  payment_method: 'cod',
  address: {
    first_name: 'Ananya',
    last_name: 'Deshpande',
    email: 'ananya.deshpande@example.com',
    phone_number: '+919824012345',
    address: '14 Satellite Road, Near Shivranjani Cross Roads',
    apartment: 'B-702 Shreeji Residency',
    city: 'Ahmedabad',
    state: 'Gujarat',
    zip_code: '380015',
    country: 'IN',
  },
  lines: [
    { product_name: 'Lakshmi Temple Necklace', product_image: null, category_name: 'Necklaces', carat_name: '22K', material_name: 'Yellow Gold', size_name: null, quantity: 1, price: 14250000, line_total: 14250000, net_weight_mg: 18640 },
    { product_name: 'Mogra Jhumka Earrings', product_image: null, category_name: 'Earrings', carat_name: '18K', material_name: 'Rose Gold', size_name: null, quantity: 2, price: 2249000, line_total: 4498000, net_weight_mg: 3215 },
  ],
};

const at = new Date('2026-12-01T06:10:00.000Z');
const update = (extra: Partial<OrderUpdatePayload>): OrderUpdatePayload => ({
  o_id: placed.o_id,
  at: at.toISOString(),
  name: 'Ananya Deshpande',
  currency: 'INR',
  total: placed.total,
  payment_method: 'online',
  courier_name: null,
  tracking_number: null,
  invoice_no: null,
  refund: null,
  ...extra,
});

/** The order and its issued invoice in the throwaway database, for the shipped e-mail's attachment. */
async function issueInvoice(): Promise<string> {
  await migrateToLatest(db);
  const { o_id } = await db
    .insertInto('orders')
    .values({ o_id: placed.o_id, u_id: null, status: 3, currency: 'INR', subtotal: placed.subtotal, discount: placed.discount, total: placed.total, coupon_name: placed.coupon_name, ...placed.address, payment_method: 'online', payment_status: 'paid', created_at: '2026-11-28 09:35:00' })
    .returning('o_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(placed.lines.map((l) => ({ o_id, p_id: null, ...l })))
    .execute();
  const order = await db.selectFrom('orders').selectAll().where('o_id', '=', o_id).executeTakeFirstOrThrow();
  const items = await db.selectFrom('order_items').selectAll().where('o_id', '=', o_id).execute();
  const year = financialYearStart(at);
  const invoice_no = invoiceNumber(config.seller.invoicePrefix, year, 318);
  const huids = new Map(items.map((item, i) => [item.oi_id, Array.from({ length: item.quantity }, (_, p) => `AJ${i}${p}7K`)]));
  const document = buildInvoice({ invoice_no, issuedAt: at, financialYear: year, order, items, huids, seller: config.seller });
  await insertInvoice(db, { invoice_no, o_id, financial_year: year, sequence: 318, issued_at: at.toISOString(), document: JSON.stringify(document) });
  return invoice_no;
}

const context: RenderContext = { db, config };
try {
  const invoice_no = await issueInvoice();
  const emails: [name: string, event: string, payload: unknown][] = [
    ['order-placed', 'order.placed', placed],
    ['order-placed-usd', 'order.placed', { ...placed, o_id: 1043, currency: 'USD', subtotal: 228500, discount: 0, shipping: 3800, total: 232300, coupon_name: null, payment_method: 'online', address: { ...placed.address, city: 'San Francisco', state: 'California', zip_code: '94105', country: 'US', phone_number: '+14155550123' } }],
    ['order-placed-part-credit', 'order.placed', { ...placed, o_id: 1044, store_credit: 2000000 }],
    ['order-paid', 'order.paid', { ...placed, payment_method: 'online' }],
    ['order-shipped', 'order.shipped', update({ courier_name: 'Blue Dart', tracking_number: '81234567890', invoice_no })],
    ['order-shipped-unknown-courier', 'order.shipped', update({ courier_name: 'Surat Express Couriers', tracking_number: 'SEC-55102', invoice_no: null })],
    ['order-delivered', 'order.delivered', update({ courier_name: 'Blue Dart', tracking_number: '81234567890' })],
    ['order-cancelled-paid', 'order.cancelled', update({ refund: refundNote(placed.total, 'online', at) })],
    ['order-cancelled-cod', 'order.cancelled', update({ payment_method: 'cod' })],
    ['order-refunded', 'order.refunded', update({ refund: refundNote(placed.total, 'online', at) })],
    ['newsletter-confirm', 'newsletter.confirm', { email: 'priya.shah@example.com', token: 'k3Jx9pQ2vB7mN4sT8wY1zA6cD0eF5gH2' }],
    [
      'newsletter-issue',
      'newsletter.issue',
      {
        email: 'priya.shah@example.com',
        token: 'k3Jx9pQ2vB7mN4sT8wY1zA6cD0eF5gH2',
        subject: 'The wedding edit: bridal sets in 22K gold',
        body: 'Our bridal sets for the season are in the shop: temple necklaces, kadas and jhumkas in 22K gold, each BIS hallmarked.\n\nEvery set can be made to order in four weeks, in your size. Visit us in Surat or order online.',
      },
    ],
  ];
  // The owners' notice of a webhook endpoint turned off, where this tree has its template.
  if (templates['webhook.disabled']?.email) {
    emails.push(['webhook-disabled', 'webhook.disabled', { endpoint_id: 3, url: 'https://erp.example.com/hooks/aurum', events: ['order.placed', 'order.paid'], failing_since: '2026-11-27T04:00:00.000Z', disabled_at: '2026-11-30T04:05:00.000Z', last_error: 'HTTP 503', after_hours: 72 }]);
  }
  const sms: string[] = [];
  const rows: string[] = [];
  for (const [name, event, payload] of emails) {
    const mail = await renderEmail(event, payload, context);
    writeFileSync(path.join(out, `${name}.html`), mail.html);
    writeFileSync(path.join(out, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
    const attached = (mail.attachments ?? []).map((a) => {
      writeFileSync(path.join(out, a.filename), a.content);
      return `<a href="${a.filename}">${a.filename}</a>`;
    });
    rows.push(`<tr><td>${event}</td><td><a href="${name}.html">${name}.html</a></td><td><a href="${name}.txt">text</a></td><td>${mail.subject.replace(/</g, '&lt;')}</td><td>${attached.join(' ')}</td></tr>`);
    if (templates[event]?.sms) sms.push(`[${name}] ${await renderSms(event, payload, context)}`);
  }
  sms.push(`[account.password_reset] ${await renderSms('account.password_reset', { code: '483920', minutes: 10 }, context)}`);
  writeFileSync(path.join(out, 'sms.txt'), `${sms.join('\n\n')}\n`);
  writeFileSync(
    path.join(out, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Aurum messages</title><h1>Messages (issue 35)</h1><table border="1" cellpadding="6"><tr><th>Event</th><th>HTML</th><th>Plain</th><th>Subject</th><th>Attachments</th></tr>${rows.join('')}</table><p><a href="sms.txt">SMS texts</a></p>`,
  );
  if (args.shots) {
    const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    for (const [name] of emails) {
      for (const width of [390, 1366]) {
        const shot = spawnSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--window-size=${width},2400`, `--screenshot=${path.join(out, `${name}-${width}.png`)}`, `file://${path.join(out, `${name}.html`)}`], { stdio: 'ignore', timeout: 60_000 });
        if (shot.status !== 0) console.warn(`chromium could not screenshot ${name} at ${width} px`);
      }
    }
  }
  console.log(`${emails.length} e-mails and ${sms.length} SMS texts written to ${out} (open index.html)`);
} finally {
  await db.destroy();
  rmSync(work, { recursive: true, force: true });
}
