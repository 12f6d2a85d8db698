/**
 * The order messages (issue 35) as a shopper receives them, through a real SMTP server started
 * here (smtp-server, parsed with mailparser): order placed (lines, totals, track link in both
 * parts), shipped (the GST tax invoice PDF attached, the courier's tracking link), cancelled and
 * refunded (amount, where it goes back); the SMS log lines of placed, shipped and delivered.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { orderUpdateMessages, refundNote } from '../../api/messages/events.ts';
import { enqueue } from '../../db/queries/outbox.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { trackingUrl } from '../../rules/couriers.ts';
import { createUser, call, type TestStore } from '../helpers/store.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { advanceOrder, placeCodOrder } from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf.ts';
import { storeSendingMail, type TestSmtp } from '../helpers/smtp.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

function setUp() {
  return storeSendingMail(cleanups);
}

/** A COD order of one 22K piece (₹1,000) by a new shopper. */
async function placed(store: TestStore) {
  const shopper = await createUser(store);
  const product = await createProduct(store, { name: 'Temple Necklace', carats: [{ inr_price: 100000, usd_price: 1200 }] });
  expect((await call(store, 'POST', '/createcart', { ...product.selection, quantity: 1 }, shopper.auth)).status).toBe(201);
  const o_id = await placeCodOrder(store, shopper, { subtotal: 1000 });
  return { o_id, shopper };
}

const bySubject = (smtp: TestSmtp, part: string) => smtp.received.find((m) => m.parsed.subject?.includes(part));

async function smsLines(store: TestStore, count: number): Promise<{ to: string; text: string }[]> {
  const file = path.join(store.config.dataDir, 'sms.log');
  const end = Date.now() + 15_000;
  for (;;) {
    const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    if (lines.length >= count || Date.now() > end) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('order messages', () => {
  it('order placed: lines, totals with GST, address, payment and the track link in the HTML and the text', async () => {
    const { store, smtp } = await setUp();
    const { o_id } = await placed(store);
    await smtp.waitFor(1);
    const mail = bySubject(smtp, `order #${o_id} is placed`)!;
    expect(mail).toBeDefined();
    const track = `${store.config.publicUrl}/orderconfirm?track=${o_id}`;
    for (const part of [mail.parsed.text!, mail.parsed.html as string]) {
      expect(part).toContain('Temple Necklace');
      expect(part).toContain('₹1,000');
      // Surat, Gujarat from the demo seller in Gujarat: CGST + SGST, 1.5% each of ₹1,000 / 1.03.
      expect(part).toContain('Includes CGST 1.5%');
      expect(part).toContain('Includes SGST 1.5%');
      expect(part).toContain('₹14.56');
      expect(part).toContain('Cash on delivery');
      expect(part).toContain(track);
    }
    expect(mail.parsed.text).toContain('Total: ₹1,000');
    expect(mail.parsed.html).toContain('#b8924a');
    const sms = await smsLines(store, 1);
    expect(sms[0].text).toContain(`order #${o_id} placed`);
  });

  it('shipped: the GST tax invoice PDF attached, the tracking number linked to the courier; delivered: a review invitation; SMS for both', async () => {
    const { store, smtp } = await setUp();
    const { o_id } = await placed(store);
    const admin = await createUser(store, { u_type: '0' });
    await advanceOrder(store, admin, o_id, 2);
    expect((await call(store, 'PUT', '/updateordershipment', { o_id, courier_name: 'Blue Dart', tracking_number: 'BD1234567' }, admin.auth)).status).toBe(200);
    await advanceOrder(store, admin, o_id, 3);
    await smtp.waitFor(2);
    const shipped = bySubject(smtp, `order #${o_id} has shipped`)!;
    const link = trackingUrl('Blue Dart', 'BD1234567')!;
    expect(shipped.parsed.html).toContain(link.replaceAll('&', '&amp;'));
    expect(shipped.parsed.text).toContain('Tracking number: BD1234567');
    const [pdf] = shipped.parsed.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    const invoice = await store.db.selectFrom('invoices').select('invoice_no').where('o_id', '=', o_id).executeTakeFirstOrThrow();
    expect(pdf.filename).toBe(`invoice-${invoice.invoice_no.replaceAll('/', '-')}.pdf`);
    const pdfWords = await pdfText(pdf.content);
    expect(pdfWords).toContain('TAX INVOICE');
    expect(pdfWords).toContain(invoice.invoice_no);

    await advanceOrder(store, admin, o_id, 4);
    await smtp.waitFor(3);
    const delivered = bySubject(smtp, `order #${o_id} is delivered`)!.parsed.text as string;
    expect(delivered).toContain('Review Temple Necklace');
    expect(delivered).toMatch(/\/product-details\/\d+#reviews/);
    const sms = await smsLines(store, 3);
    expect(sms.map((s) => s.text)).toEqual([
      expect.stringContaining(`order #${o_id} placed`),
      expect.stringContaining('tracking BD1234567'),
      expect.stringContaining(`order #${o_id} is delivered`),
    ]);
  });

  it('cancelled and refunded: the amount, where it goes back and by when', async () => {
    const { store, smtp } = await setUp();
    const { o_id } = await placed(store);
    const admin = await createUser(store, { u_type: '0' });
    expect((await call(store, 'PUT', '/updateorderstatus', { o_id, status: 5 }, admin.auth)).status).toBe(200);
    await smtp.waitFor(2);
    expect(bySubject(smtp, `order #${o_id} is cancelled`)!.parsed.text).toContain('Nothing was charged');
    // The refund of an order paid online (api/orders/refund.ts enqueues this when the provider accepts it).
    const order = await store.db.selectFrom('orders').selectAll().where('o_id', '=', o_id).executeTakeFirstOrThrow();
    const at = new Date('2026-12-01T10:00:00Z');
    await writeTransaction(store.db, (trx) => enqueue(trx, orderUpdateMessages('order.refunded', { ...order, payment_method: 'online' }, { at, refund: refundNote(order.total, 'online', at) })), { audit: 'none' });
    await smtp.waitFor(3);
    const refunded = bySubject(smtp, 'Refund of ₹1,000')!;
    expect(refunded.parsed.text).toContain('Refund: ₹1,000');
    expect(refunded.parsed.text).toContain('Paid back to: Your original payment method');
    // The shop policy's most refund days (10 by default) in business days after Tuesday 1 December: Tuesday 15 December.
    expect(refunded.parsed.text).toContain('15 December 2026');
  });
});
