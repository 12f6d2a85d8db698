import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $checkoutQuote, askForQuote, checkHold, type QuoteRequest, type QuoteState, quoteKey } from '../stores/checkout-quote.ts';

/**
 * The server's word on a checkout for a destination (POST /checkoutquote): the
 * shipping charge (free in India, by zone and weight abroad), whether Cash on
 * Delivery may be offered and why not, whether a PAN is needed, and the price held
 * until locked_until (stores/checkout-quote.ts). The client never computes these:
 * weights, rates and caps live on the server.
 */
export type { CheckoutQuote, QuoteRequest, QuoteState } from '../stores/checkout-quote.ts';

/**
 * Asks for a quote whenever what it depends on changes. An answer is for the request it
 * was asked for: from the render in which the request changes (a coupon applied, a country
 * chosen) until the new answer, the state is loading, so no figure of the old quote is
 * shown beside the new request's messages. A hold that ran out while the tab slept or was
 * away (Back from the payment page) is replaced when the page is seen again.
 */
export function useCheckoutQuote(input: QuoteRequest | null): QuoteState {
  const { key: answered, state } = useStore($checkoutQuote);
  const key = quoteKey(input);
  useEffect(() => askForQuote(input), [key]);
  useEffect(() => {
    const seen = () => {
      if (document.visibilityState === 'visible') checkHold();
    };
    document.addEventListener('visibilitychange', seen);
    window.addEventListener('pageshow', seen);
    return () => {
      document.removeEventListener('visibilitychange', seen);
      window.removeEventListener('pageshow', seen);
      askForQuote(null);
    };
  }, []);
  return key !== '' && answered === key ? state : { status: 'loading' };
}
