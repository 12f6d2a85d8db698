import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { lockTime, msLeft, timeLeftText } from '../../lib/price-lock.ts';
import { $checkoutQuote, type QuoteState } from '../../stores/checkout-quote.ts';

/** How often the minutes left are counted again. */
const TICK_MS = 15_000;

/**
 * Under the checkout's total: until when the gold rate (the whole quoted price) is held,
 * with the minutes left, "Checking today's gold rate…" while a new price is asked for, and
 * what changed once it is in. The notice is a live region, so it is read out when it comes.
 */
export function PriceLock({ state }: { state: QuoteState }) {
  const { notice, clockOff } = useStore($checkoutQuote);
  const quote = state.status === 'ready' ? state.quote : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!quote || clockOff) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [quote?.quote_id, clockOff]);

  const renewing = state.status === 'ready' && state.renewing;
  const left = quote ? msLeft(quote.locked_until, now) : Number.NaN;
  return (
    <div className="price-lock">
      {renewing ? (
        <p className="price-lock__line price-lock__line--busy" data-testid="checkout-price-lock">
          <Icon name="sparkle" size={16} /> Checking today's gold rate…
        </p>
      ) : quote ? (
        <p className="price-lock__line" data-testid="checkout-price-lock">
          <Icon name="lock" size={16} />
          <span>
            Gold rate locked until <time dateTime={quote.locked_until}>{lockTime(quote.locked_until)}</time>
            {!clockOff && left > 0 ? <small className="price-lock__left"> · {timeLeftText(left)}</small> : null}
          </span>
        </p>
      ) : null}
      <p className={notice ? 'price-lock__notice' : 'visually-hidden'} role="status" data-testid="checkout-price-notice">
        {notice}
      </p>
    </div>
  );
}
