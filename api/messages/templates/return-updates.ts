/**
 * The return messages (issue 36): requested, approved, rejected, refunded and credited, on the
 * shop's page (layout.ts). Everything said comes from the payload the step enqueued
 * (api/messages/return-events.ts): the pieces, the amount, how it is paid, the credit note.
 */
import { RETURN_KIND_LABELS } from '../../../rules/returns.ts';
import type { ReturnMessagePayload } from '../return-events.ts';
import type { EmailContent, RenderContext, Template } from '../template.ts';
import { moneyText } from '../links.ts';
import { Facts, P, renderParts, SHOP_NAME, Small, Title } from './layout.ts';

const PAYOUT_TEXT: Record<string, string> = {
  online: 'To the card, UPI or bank account you paid with',
  bank: 'By bank transfer',
  upi: 'By UPI transfer',
  store_credit: 'As store credit in your account, usable at checkout',
};

function facts(r: ReturnMessagePayload) {
  const rows = [
    { label: 'Return', value: `#${r.r_id} (order #${r.o_id})` },
    { label: 'Kind', value: RETURN_KIND_LABELS[r.kind] },
    { label: 'Pieces', value: r.items.map((i) => `${i.product_name} × ${i.quantity}`).join(', ') },
  ];
  if (r.amount !== null) rows.push({ label: r.status === 'refunded' || r.status === 'credited' ? 'Amount' : 'Expected amount', value: moneyText(r.amount, r.currency) });
  if (r.payout_method) rows.push({ label: 'Paid', value: PAYOUT_TEXT[r.payout_method] ?? r.payout_method });
  if (r.credit_note_no) rows.push({ label: 'GST credit note', value: r.credit_note_no });
  return Facts(rows);
}

/** How long an online refund takes, in the shop policy's days the step recorded; nothing for a transfer or store credit (paid already). */
function daysSentence(r: ReturnMessagePayload): string {
  return r.refund_days ? `A refund to your original payment reaches you within ${r.refund_days}.` : '';
}

function message(subject: string, title: string, lines: string[]): Template<ReturnMessagePayload> {
  return {
    async email(r: ReturnMessagePayload, context: RenderContext): Promise<EmailContent> {
      const words = lines.map((l) => l.replaceAll('{r_id}', String(r.r_id)).replaceAll('{note}', r.note ?? '').replaceAll('{days}', daysSentence(r)));
      const children = [Title(title), P(`Dear ${r.name || 'customer'},`), ...words.filter(Boolean).map((w) => P(w)), facts(r), Small(`Questions? Reply to this e-mail with your return number #${r.r_id}.`)];
      return { subject: subject.replaceAll('{r_id}', String(r.r_id)), ...(await renderParts(words[0] ?? title, children, context.config.seller?.legalName ?? SHOP_NAME)) };
    },
  };
}

export const returnTemplates: Record<string, Template> = {
  'return.requested': message('We have your return request #{r_id}', 'Return requested', [
    'We have your request #{r_id} and will review it shortly. We will write again once it is approved, with how the pieces are picked up.',
  ]),
  'return.approved': message('Your return #{r_id} is approved', 'Return approved', [
    'Your return #{r_id} is approved. Our courier will collect the pieces; please keep them in their original packaging with their certificates and invoice.',
  ]),
  'return.rejected': message('About your return #{r_id}', 'Return not accepted', ['We are sorry: we cannot accept return #{r_id}.', 'Why: {note}']),
  'return.refunded': message('Your refund for return #{r_id}', 'Refund on its way', [
    'We have received and checked the pieces of return #{r_id} and refunded you.',
    '{days}',
    '{note}',
  ]),
  'return.credited': message('Store credit for your exchange #{r_id}', 'Store credit added', [
    'We have received and checked the pieces of exchange #{r_id}: their value is now store credit in your account, usable toward your next order at checkout.',
  ]),
};
