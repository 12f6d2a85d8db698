import { deliveryWindow, formatWindow, leadDaysOf, shippingLine } from '../islands/product/delivery.ts';
import { taxNote } from '../islands/product/tax-note.ts';
import { formatMoney } from '../../rules/money.ts';
import { $freshProduct, refreshProduct } from '../stores/product.ts';
import { patchBreakup, showBreakupFor } from '../islands/product/breakup-text.ts';
import { $currency, $user } from '../stores/session.ts';
import { $productReviews, loadProductReviews, ratingSummaryText } from '../stores/reviews.ts';
import { starsFill, starsLabel } from './stars.ts';
import { $activeCoupons, loadActiveCoupons } from '../stores/coupons.ts';
import { productOffers } from '../../rules/offers.ts';
import { reviewsShown } from '../islands/product/reviews-shown.ts';

/** Fills every delivery box with today's window in the shopper's region (also ones an island renders later). */
export function initDeliveryEstimates(): void {
  const fill = () => {
    const abroad = $currency.get() !== 'INR';
    for (const box of document.querySelectorAll<HTMLElement>('[data-delivery]')) {
      // A made-to-order carat ships after its lead time (the purchase island sets it for the chosen carat).
      const dates = formatWindow(deliveryWindow(new Date(), abroad, Number(box.dataset.leadDays) || 0));
      const when = box.querySelector<HTMLElement>('[data-delivery-when]');
      const strong = box.querySelector<HTMLElement>('[data-delivery-dates]');
      if (strong && strong.textContent !== dates) strong.textContent = dates;
      if (when) when.hidden = false;
      box.querySelector<HTMLElement>('[data-delivery-domestic]')?.toggleAttribute('hidden', abroad);
      box.querySelector<HTMLElement>('[data-delivery-abroad]')?.toggleAttribute('hidden', !abroad);
    }
  };
  $currency.subscribe(fill);
  // The tax line beside a pre-rendered price follows the currency the price switcher shows.
  $currency.subscribe((currency) => {
    for (const note of document.querySelectorAll<HTMLElement>('[data-tax-note]')) note.textContent = taxNote(currency);
    // A dollar shopper's breakup ends without GST, as their price does.
    showBreakupFor(document, currency);
  });
  new MutationObserver((changes) => {
    if (changes.some((change) => change.type === 'attributes') || document.querySelector('[data-delivery] [data-delivery-when][hidden]')) fill();
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-lead-days'] });
}

/**
 * A pre-rendered product page checks its product with the API once the page
 * is idle: a changed price is shown at once (the purchase island takes the
 * whole fresh product when it hydrates), a product gone since the build says
 * so and stops selling.
 */
export function initProductFreshness(p_id: number): void {
  const idle = (window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200))) as (cb: () => void) => void;
  idle(() => {
    void refreshProduct(p_id);
    // The rating under the name and the reviews section read one store: fresh from the first idle moment.
    void loadProductReviews(p_id);
    void loadActiveCoupons();
  });
  // The offers as the API says they are now (a coupon switched off since the build is not offered).
  $activeCoupons.subscribe((coupons) => {
    if (!coupons) return;
    const island = document.querySelector('[data-purchase]');
    if (!island || island.closest('astro-island:not([ssr])')) return;
    const list = island.querySelector<HTMLElement>('[data-offers]');
    if (!list) return;
    const offer = $freshProduct.get()?.product?.offer ?? list.dataset.offerText ?? '';
    const offers = productOffers(offer, coupons);
    list.replaceChildren(
      ...offers.map((o) => {
        const item = document.createElement('li');
        item.className = 'pd__offer';
        const title = document.createElement('strong');
        title.textContent = o.title;
        const how = document.createElement('span');
        how.textContent = o.how;
        const terms = document.createElement('small');
        terms.textContent = o.conditions;
        item.append(title, ' ', how, ' ', terms);
        return item;
      }),
    );
    list.hidden = offers.length === 0;
  });
  $productReviews.subscribe((reviews) => {
    if (!reviews || reviews.p_id !== p_id) return;
    const island = document.querySelector('[data-purchase]');
    // A live island draws the store itself; until then the pre-rendered rating is brought in line here.
    if (!island || island.closest('astro-island:not([ssr])')) return;
    const summary = island.querySelector<HTMLElement>('[data-rating-summary]');
    const stars = summary?.querySelector<HTMLElement>('[data-stars]');
    const text = summary?.querySelector<HTMLElement>('[data-rating-text]');
    if (stars) {
      stars.style.setProperty('--stars-fill', starsFill(reviews.avg_rating));
      stars.setAttribute('aria-label', starsLabel(reviews.avg_rating));
    }
    if (text) text.textContent = ratingSummaryText(reviews);
  });
  $freshProduct.subscribe((fresh) => {
    if (!fresh || fresh.p_id !== p_id) return;
    const island = document.querySelector('[data-purchase]');
    // Once the island is live it shows the fresh product itself.
    if (!island || island.closest('astro-island:not([ssr])')) return;
    // Gone for a shopper; deactivated (answered only to an administrator): say so and stop selling.
    if (!fresh.product || fresh.product.p_status === 0) {
      island.querySelector<HTMLElement>(fresh.product ? '[data-product-inactive]' : '[data-product-gone]')?.removeAttribute('hidden');
      for (const button of island.querySelectorAll<HTMLButtonElement>('.pd__buttons button')) button.disabled = true;
      if (!fresh.product) return;
    }
    const first = fresh.product.productcarats[0];
    const price = island.querySelector<HTMLElement>('.pd__price [data-price]');
    if (first && price) {
      price.dataset.inr = String(first.inr_price);
      price.dataset.usd = String(first.usd_price);
      const currency = $currency.get();
      price.textContent = formatMoney(currency === 'INR' ? first.inr_price : first.usd_price, currency);
    }
    patchBreakup(island, first);
    // A lead time changed since the build moves the delivery estimate (filled again by the observer above).
    const delivery = island.querySelector<HTMLElement>('[data-delivery]');
    const lead = String(leadDaysOf(first));
    if (delivery && delivery.dataset.leadDays !== lead) {
      delivery.dataset.leadDays = lead;
      const domestic = delivery.querySelector('[data-delivery-domestic]');
      const abroad = delivery.querySelector('[data-delivery-abroad]');
      if (domestic) domestic.textContent = shippingLine(false, Number(lead));
      if (abroad) abroad.textContent = shippingLine(true, Number(lead));
    }
  });
}

/**
 * The reviews island of a pre-rendered page (client:interaction) loads React only
 * when it has something to add to the built section: for a logged-in shopper (the
 * Write a Review button depends on their orders) or when the API's reviews differ
 * from the built ones, as it comes near the screen. A visitor sees the login hint
 * without it. Anyone reaching for the section wakes it too (the directive).
 */
export function initReviewsSection(p_id: number): void {
  const section = document.querySelector<HTMLElement>('#reviews');
  const island = section?.closest<HTMLElement>('astro-island');
  if (!section || !island) return;
  let asked = false;
  const wakeWhenNear = () => {
    if (asked) return;
    asked = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // One of the events client:interaction wakes on (web/lib/directives/interaction.ts).
        island.dispatchEvent(new FocusEvent('focusin'));
      },
      { rootMargin: '200px' },
    );
    // The island itself has no box (display: contents): watch the section it draws.
    observer.observe(section);
  };
  $user.subscribe((user) => {
    if (!island.hasAttribute('ssr')) return;
    if (user) wakeWhenNear();
    else section.querySelector<HTMLElement>('[data-review-login-hint]')?.removeAttribute('hidden');
  });
  $productReviews.subscribe((reviews) => {
    if (reviews?.p_id === p_id && island.hasAttribute('ssr') && reviewsShown(reviews) !== section.dataset.reviewsShown) wakeWhenNear();
  });
}
