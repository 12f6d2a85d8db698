import { PAYMENT_RECORD_STATES, type PaymentRecordState } from '../../rules/payments.ts';
import type { Params } from '../lib/api/client.ts';

/**
 * The payments desk (GET /getpayments): what each state of an online payment is called
 * at the desk, the tone of its badge, and the filter's question to the server.
 */

export const PAYMENT_STATE_LABELS: Record<PaymentRecordState, string> = {
  created: 'Awaiting payment',
  paid: 'Paid',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  abandoned: 'Abandoned (not paid)',
  failed: 'Failed',
};

const TONES: Record<PaymentRecordState, 'on' | 'off' | 'warn' | 'muted'> = {
  created: 'off',
  paid: 'on',
  refund_pending: 'warn',
  refunded: 'muted',
  abandoned: 'muted',
  failed: 'off',
};

/** A payment's state as the desk shows it: its label and its badge's tone ('created' for a state this screen does not know). */
export function paymentStateBadge(status: string): { label: string; tone: 'on' | 'off' | 'warn' | 'muted' } {
  const state = (PAYMENT_RECORD_STATES as readonly string[]).includes(status) ? (status as PaymentRecordState) : 'created';
  return { label: PAYMENT_STATE_LABELS[state], tone: TONES[state] };
}

/** The filter: every payment, those that need someone, or one state. */
export const PAYMENT_FILTER: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'All payments' },
  { value: 'attention', label: 'Needs attention' },
  ...PAYMENT_RECORD_STATES.map((state) => ({ value: state, label: PAYMENT_STATE_LABELS[state] })),
];

/** GET /getpayments's query: the page, and the filter only when one is chosen (and known). */
export function paymentListQuery(page: number, perPage: number, filter: string): Params<'/getpayments', 'get'> {
  return isPaymentFilter(filter) ? { page, perPage, status: filter } : { page, perPage };
}

/** A chosen filter the server knows ('' is none). */
function isPaymentFilter(filter: string): filter is NonNullable<Params<'/getpayments', 'get'>['status']> {
  return filter !== '' && PAYMENT_FILTER.some((option) => option.value === filter);
}
