import { useEffect, useState } from 'react';
import { request } from './api/client.ts';

/**
 * The server's word on a checkout for a destination (POST /checkoutquote): the
 * shipping charge (free in India, by zone and weight abroad), whether Cash on
 * Delivery may be offered and why not, and whether a PAN is needed. The client
 * never computes these: weights, rates and caps live on the server.
 */
export interface CheckoutQuote {
  currency: 'INR' | 'USD';
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  country: string;
  weight_g: number;
  zone: string | null;
  cod_allowed: boolean;
  cod_message: string | null;
  cod_cap: number;
  pan_required: boolean;
  /** Whether the prices carry India's GST: delivered in India yes, an export no (rules/pricing.ts supplyPrice). */
  gst_included: boolean;
  /** Each line (its cart line; null for Buy Now) with its listed unit price and its price for this destination. */
  lines: ReadonlyArray<{ c_id: number | null; listed_price: number; price: number; quantity: number; line_total: number }>;
}

export interface QuoteRequest {
  country: string;
  cartItems: ReadonlyArray<Record<string, number | null>>;
  coupon_name: string;
  priceType: 'inr_price' | 'usd_price';
}

export type QuoteState = { status: 'loading' } | { status: 'ready'; quote: CheckoutQuote } | { status: 'refused'; message: string } | { status: 'failed' };

const QUOTE_DELAY_MS = 200;

/**
 * Asks for a quote whenever what it depends on changes (debounced; a stale answer is
 * dropped). An answer is for the request it was asked for: from the render in which the
 * request changes (a coupon applied, a country chosen) until the new answer, the state is
 * loading, so no figure of the old quote is shown beside the new request's messages.
 */
export function useCheckoutQuote(input: QuoteRequest | null): QuoteState {
  const [answered, setAnswered] = useState<{ key: string; state: QuoteState }>({ key: '', state: { status: 'loading' } });
  const key = input ? JSON.stringify(input) : '';
  useEffect(() => {
    if (!input) return;
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const answer = await request<CheckoutQuote>('post', '/checkoutquote', input);
        if (!current) return;
        setAnswered({ key, state: answer.status === 1 && answer.data ? { status: 'ready', quote: answer.data } : { status: 'refused', message: answer.description } });
      } catch {
        if (current) setAnswered({ key, state: { status: 'failed' } });
      }
    }, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return answered.key === key ? answered.state : { status: 'loading' };
}
