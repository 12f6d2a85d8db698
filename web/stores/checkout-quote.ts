import { atom } from 'nanostores';
import { api } from '../lib/api/client.ts';
import type { components } from '../lib/api/schema.d.ts';
import { heldPriceRefusal, msLeft, type RenewalReason, renewalNotice } from '../lib/price-lock.ts';

/**
 * The checkout's price as the server quotes and holds it (POST /checkoutquote, issue 32):
 * totals, shipping, Cash on Delivery and PAN for the checkout as it stands, held until
 * `locked_until`. When the hold runs out (a timer at locked_until) or the server refuses it
 * as lapsed or changed (409), a new quote is asked for at once and the shopper is told in
 * words what changed; meanwhile `renewing` keeps Place Order from using the old price.
 */

export type CheckoutQuote = components['schemas']['CheckoutQuote'];

type QuoteBody = components['schemas']['CheckoutQuoteBody'];

/**
 * What a quote is asked for: the lines, the coupon, the destination and the currency; the
 * delivery phone once complete (the law's day limits count it as the buyer too).
 */
export type QuoteRequest = Required<Pick<QuoteBody, 'country' | 'cartItems' | 'priceType'>> & Pick<QuoteBody, 'phone_number' | 'use_store_credit'> & { coupon_name: string };

export type QuoteState =
  | { status: 'loading' }
  | { status: 'ready'; quote: CheckoutQuote; renewing: boolean }
  | { status: 'refused'; message: string }
  | { status: 'failed' };

export interface CheckoutQuoteStore {
  /** The request `state` answers (quoteKey), '' before any. */
  key: string;
  state: QuoteState;
  /** What the shopper is told after a held price was replaced, until the checkout changes. */
  notice: string | null;
  /** This browser's clock disagrees with the server's (a fresh quote already past its hold): no countdown, no timer. */
  clockOff: boolean;
}

export const $checkoutQuote = atom<CheckoutQuoteStore>({ key: '', state: { status: 'loading' }, notice: null, clockOff: false });

/** Quotes are asked for once the checkout has stopped changing for this long. */
export const QUOTE_DELAY_MS = 200;

/** The longest a timer waits (setTimeout's limit); a hold lasts a day at most. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const quoteKey = (input: QuoteRequest | null): string => (input ? JSON.stringify(input) : '');

let asked: { key: string; input: QuoteRequest } | null = null;
let calls = 0;
let askTimer: ReturnType<typeof setTimeout> | undefined;
let lapseTimer: ReturnType<typeof setTimeout> | undefined;
/** A held price being replaced: the one shown, why, and whether an order was being placed at it. */
let renewal: { reason: RenewalReason; previous: CheckoutQuote; interrupted: boolean } | null = null;

function stopTimers(): void {
  clearTimeout(askTimer);
  clearTimeout(lapseTimer);
}

/**
 * Asks for a quote of this checkout (debounced; a stale answer is dropped), or forgets the
 * quote (null: nothing to quote, or the checkout left). A checkout the shopper changed
 * clears what they were last told, unless that is still on its way.
 */
export function askForQuote(input: QuoteRequest | null): void {
  const key = quoteKey(input);
  if (asked?.key === key) return;
  stopTimers();
  calls += 1;
  asked = input ? { key, input } : null;
  if (!input) renewal = null;
  if (!renewal && $checkoutQuote.get().notice) $checkoutQuote.set({ ...$checkoutQuote.get(), notice: null });
  if (input) askTimer = setTimeout(() => void fetchQuote(), QUOTE_DELAY_MS);
}

async function fetchQuote(): Promise<void> {
  const call = ++calls;
  const target = asked;
  if (!target) return;
  let state: QuoteState;
  try {
    const answer = await api.post('/checkoutquote', target.input);
    state = answer.status === 1 && answer.data ? { status: 'ready', quote: answer.data, renewing: false } : { status: 'refused', message: answer.description };
  } catch {
    state = { status: 'failed' };
  }
  if (call !== calls) return;
  const shown = $checkoutQuote.get();
  let { notice, clockOff } = shown;
  if (renewal) {
    notice = state.status === 'ready' ? renewalNotice(renewal.reason, renewal.previous, state.quote, renewal.interrupted) : null;
    renewal = null;
  }
  if (state.status === 'ready') {
    const left = msLeft(state.quote.locked_until);
    // A price just quoted cannot have lapsed, nor be held for weeks: this browser's clock is off, so the server alone says when (its 409).
    if (!(left > 0) || left > MAX_TIMER_MS) clockOff = true;
    if (!clockOff) lapseTimer = setTimeout(() => renewQuote('lapsed'), left);
  }
  $checkoutQuote.set({ key: target.key, state, notice, clockOff });
}

/**
 * Replaces the held price: its hold ran out, or the server refused it (lapsed, or the checkout
 * changed). The price shown stays, marked renewing, until the new one is in; then the shopper
 * is told what changed. `interrupted`: an order or payment was being started at the old price.
 */
export function renewQuote(reason: RenewalReason, interrupted = false): void {
  if (!asked) return;
  const shown = $checkoutQuote.get();
  if (renewal) {
    renewal.interrupted ||= interrupted;
    return;
  }
  stopTimers();
  if (shown.key === asked.key && shown.state.status === 'ready') {
    renewal = { reason, previous: shown.state.quote, interrupted };
    $checkoutQuote.set({ ...shown, state: { ...shown.state, renewing: true }, notice: null });
  }
  void fetchQuote();
}

/**
 * The quote an order or payment may be started at now: the one shown, while its hold lasts.
 * Otherwise null, and when it has run out a new one is asked for (the shopper is then told).
 */
export function heldQuote(): CheckoutQuote | null {
  const { key, state, clockOff } = $checkoutQuote.get();
  if (!asked || key !== asked.key || state.status !== 'ready' || state.renewing) return null;
  if (!clockOff && !(msLeft(state.quote.locked_until) > 0)) {
    renewQuote('lapsed', true);
    return null;
  }
  return state.quote;
}

/**
 * Reads a refusal of /payment or /createorder: a held price that lapsed or a checkout that
 * changed since it was quoted asks for a new quote at once and answers true (the shopper is
 * told once it is in); anything else answers false.
 */
export function renewAfterRefusal(data: unknown): boolean {
  const reason = heldPriceRefusal(data);
  if (!reason) return false;
  renewQuote(reason, true);
  return true;
}

/** Back from the payment page or a sleeping tab: a hold that ran out meanwhile is replaced now. */
export function checkHold(): void {
  const { key, state, clockOff } = $checkoutQuote.get();
  if (!clockOff && asked && key === asked.key && state.status === 'ready' && !state.renewing && !(msLeft(state.quote.locked_until) > 0)) renewQuote('lapsed');
}
