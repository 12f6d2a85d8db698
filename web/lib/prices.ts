import { formatMoney } from '../../rules/money.ts';
import { $currency } from '../stores/session.ts';

/**
 * Pre-rendered pages show rupees (what visitors see). Once the session is
 * read, every `[data-price]` element is written in the shopper's currency;
 * prices keep their box, so the swap moves nothing else on the page.
 */
export function initPrices(): void {
  const render = () => {
    const currency = $currency.get();
    for (const el of document.querySelectorAll<HTMLElement>('[data-price]')) {
      const amount = Number(currency === 'INR' ? el.dataset.inr : el.dataset.usd);
      if (Number.isFinite(amount)) {
        const text = formatMoney(amount, currency);
        if (el.textContent !== text) el.textContent = text;
      }
    }
  };
  $currency.subscribe(render);
  // Islands may render cards later (filters, search): keep them in step.
  if ($currency.get() !== 'INR') {
    new MutationObserver(render).observe(document.body, { childList: true, subtree: true });
  }
}
