import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { components } from '../../lib/api/schema.d.ts';
import { Icon } from '../../components/Icon.tsx';
import { Stars } from '../../components/Stars.tsx';
import { formatMoney } from '../../../rules/money.ts';
import { firstImage } from '../../lib/media.ts';
import { useCurrency } from '../../lib/use-currency.ts';
import { addToCart, requireLoginThenRedirect } from '../../stores/cart.ts';
import { setBuyNow } from '../../stores/buy-now.ts';
import { $user } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { DeliveryEstimate } from '../../components/DeliveryEstimate.tsx';
import { taxNote } from './tax-note.ts';
import { $freshProduct } from '../../stores/product.ts';
import { $wishedProducts, addToWishlist, heartLabel } from '../../stores/wishlist.ts';
import { $activeCoupons, loadActiveCoupons } from '../../stores/coupons.ts';
import { type CouponOffer, type OfferCoupon, productOffers } from '../../../rules/offers.ts';
import { Gallery } from './Gallery.tsx';
import { PriceBreakup, stockLine } from './PriceBreakup.tsx';
import { leadDaysOf } from './delivery.ts';
import { type ReviewsSummary, useReviews } from './Reviews.tsx';
import { ratingSummaryText } from '../../stores/reviews.ts';

type Product = components['schemas']['Product'];

/** After a detail-page add the shopper goes to /cart (§4), once the toast has shown. */
const GO_TO_CART_MS = 500;

interface Selection {
  pc_id: number | null;
  m_id: number | null;
  size_id: number | null;
}

/** First carat, first size and first material preselected (§4). */
export function defaultSelection(product: Product): Selection {
  return { pc_id: product.productcarats[0]?.pc_id ?? null, m_id: product.materials[0] ?? null, size_id: product.size[0] ?? null };
}

export interface PurchaseProps {
  product: Product;
  reviews?: ReviewsSummary;
  /** The coupons active when the page was built; the API's replace them once read. */
  coupons?: OfferCoupon[];
  /** What the shop policy promises for this piece (rules/shop-policy.ts productPromises), said when the page was built. */
  promises?: string[];
}

/**
 * The top of a product page (§2, §4, §5): pictures, name, rating, price in
 * the shopper's currency, offer, material and carat buttons, size, quantity,
 * Add to Cart, Buy Now, delivery estimate, affiliate button, key points.
 */
export default function ProductPurchase({ product: initial, reviews: initialReviews, coupons: builtCoupons, promises = [] }: PurchaseProps) {
  const currency = useCurrency();
  const [product, setProduct] = useState<Product>(initial);
  const [gone, setGone] = useState(false);
  const [selection, setSelection] = useState<Selection>(() => defaultSelection(initial));
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const reviews = useReviews(product.p_id, initialReviews);
  const wished = useStore($wishedProducts).has(initial.p_id);
  const liveCoupons = useStore($activeCoupons);
  useEffect(() => void loadActiveCoupons(), []);
  // Only what checkout honours: the active coupons, each told in full.
  const offers = productOffers(product.offer, liveCoupons ?? builtCoupons ?? []);
  const [wishing, setWishing] = useState(false);

  useEffect(() => setProduct(initial), [initial]);

  // The API's product, read once per visit (web/lib/product-page.ts): prices may have changed since the build.
  const fresh = useStore($freshProduct);
  useEffect(() => {
    if (!fresh || fresh.p_id !== initial.p_id) return;
    if (!fresh.product) {
      setGone(true);
      return;
    }
    const next = fresh.product;
    setProduct(next);
    setSelection((old) => {
      const base = defaultSelection(next);
      return {
        pc_id: next.productcarats.some((c) => c.pc_id === old.pc_id) ? old.pc_id : base.pc_id,
        m_id: old.m_id !== null && next.materials.includes(old.m_id) ? old.m_id : base.m_id,
        size_id: old.size_id !== null && next.size.includes(old.size_id) ? old.size_id : base.size_id,
      };
    });
  }, [fresh, initial.p_id]);

  const carat = product.productcarats.find((c) => c.pc_id === selection.pc_id) ?? null;
  const material = product.materialDetails.find((m) => m.m_id === selection.m_id) ?? null;
  const size = product.sizeDetails.find((s) => s.size_id === selection.size_id) ?? null;
  const priceRow = carat ?? product.productcarats[0];
  // Only an administrator is ever answered an inactive product: shoppers get "gone".
  const inactive = product.p_status === 0;
  const stock = stockLine(priceRow);
  const unavailable = gone || inactive;
  const cannotBuy = unavailable || stock.soldOut;

  const onAddToCart = async () => {
    if (!$user.get()) {
      requireLoginThenRedirect('Please log in to add items to your cart.');
      return;
    }
    if (!carat || !material) {
      toast.error('Please select carat, and material.');
      return;
    }
    setBusy(true);
    await addToCart(
      product,
      { pc_id: carat.pc_id, m_id: material.m_id, size_id: size?.size_id ?? null, quantity },
      { goToCartAfterMs: GO_TO_CART_MS },
    );
    setBusy(false);
  };

  /** The heart adds the selection on screen; a visitor is sent to log in and comes back here. */
  const onWish = async () => {
    setWishing(true);
    await addToWishlist(product, { pc_id: carat?.pc_id, m_id: material?.m_id, size_id: size?.size_id ?? null });
    setWishing(false);
  };

  const onBuyNow = () => {
    if (!$user.get()) {
      requireLoginThenRedirect('Please log in to proceed with Buy Now.');
      return;
    }
    if (!carat || !material || (product.size.length > 0 && !size)) {
      toast.error('Please select carat, size, and material.');
      return;
    }
    setBuyNow({
      p_id: product.p_id,
      cate_id: product.cate_id,
      pc_id: carat.pc_id,
      carat_id: carat.carat_id,
      m_id: material.m_id,
      size_id: size?.size_id ?? null,
      quantity,
      product: {
        name: product.name,
        image: firstImage(product.images),
        carat: carat.carat.name,
        material: material.name,
        size: size?.size_name ?? null,
        inr_price: carat.inr_price,
        usd_price: carat.usd_price,
      },
    });
    location.assign('/checkout');
  };

  return (
    <div className="pd" data-purchase="">
        <Gallery images={product.images} name={product.name} />
        <div className="pd__info">
          <InactiveBanner hidden={!inactive} />
          <p className="eyebrow">{product.category.cate_name}</p>
          <h1 className="pd__name">{product.name}</h1>
          <a className="pd__rating" href="#reviews" data-rating-summary="" suppressHydrationWarning>
            <Stars rating={reviews.avg_rating} />
            <span data-rating-text="" suppressHydrationWarning>
              {ratingSummaryText(reviews)}
            </span>
          </a>
          {priceRow ? (
            <p className="pd__price">
              <span data-price="" data-inr={priceRow.inr_price} data-usd={priceRow.usd_price} suppressHydrationWarning>
                {formatMoney(currency === 'INR' ? priceRow.inr_price : priceRow.usd_price, currency)}
              </span>
              <small data-price-purity="">for {priceRow.carat.name}</small>
              <small data-tax-note="" suppressHydrationWarning>
                {taxNote(currency)}
              </small>
            </p>
          ) : (
            <p className="pd__price">Price on request</p>
          )}
          <PriceBreakup row={priceRow} currency={currency} />
          <OfferList offers={offers} offerText={product.offer} />
          <p className="field-error" data-product-gone="" hidden={!unavailable} suppressHydrationWarning>
            This piece is no longer available.
          </p>

          {product.materialDetails.length ? (
            <fieldset className="pd__option">
              <legend>
                Material: <strong>{material?.name ?? 'Choose'}</strong>
              </legend>
              <div className="chips">
                {product.materialDetails.map((m) => (
                  <button key={m.m_id} type="button" className="chip" aria-pressed={m.m_id === selection.m_id} onClick={() => setSelection({ ...selection, m_id: m.m_id })}>
                    {m.name}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : null}
          {product.productcarats.length ? (
            <fieldset className="pd__option">
              <legend>
                Carat: <strong>{carat?.carat.name ?? 'Choose'}</strong>
              </legend>
              <div className="chips">
                {product.productcarats.map((c) => (
                  <button key={c.pc_id} type="button" className="chip" aria-pressed={c.pc_id === selection.pc_id} onClick={() => setSelection({ ...selection, pc_id: c.pc_id })}>
                    {c.carat.name}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="pd__row">
            {product.sizeDetails.length ? (
              <div className="pd__size">
                <label htmlFor="pd-size" className="label">
                  Size
                </label>
                <select id="pd-size" className="input" value={selection.size_id ?? ''} onChange={(e) => setSelection({ ...selection, size_id: Number(e.target.value) })}>
                  {product.sizeDetails.map((s) => (
                    <option key={s.size_id} value={s.size_id}>
                      {s.size_name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="pd__qty">
              <span className="label" id="pd-qty-label">
                Quantity
              </span>
              <div className="stepper" role="group" aria-labelledby="pd-qty-label">
                <button type="button" aria-label="Decrease quantity" onClick={() => setQuantity(Math.max(1, quantity - 1))} disabled={quantity <= 1}>
                  <Icon name="minus" size={16} />
                </button>
                <output aria-live="polite">{quantity}</output>
                <button type="button" aria-label="Increase quantity" onClick={() => setQuantity(quantity + 1)}>
                  <Icon name="plus" size={16} />
                </button>
              </div>
            </div>
          </div>
          <div className="pd__buttons">
            <button type="button" className="btn btn--ghost" onClick={onAddToCart} disabled={busy || cannotBuy}>
              <Icon name="bag" size={18} /> Add to Cart
            </button>
            <button type="button" className="btn" onClick={onBuyNow} disabled={cannotBuy}>
              Buy Now
            </button>
            <button
              type="button"
              className="btn btn--ghost wish-heart"
              aria-pressed={wished}
              aria-label={heartLabel(product.name, wished)}
              title={wished ? 'In your wishlist' : 'Add to wishlist'}
              data-wish-id={product.p_id}
              data-wish-name={product.name}
              onClick={() => void onWish()}
              disabled={wishing || unavailable}
              suppressHydrationWarning
            >
              <Icon name="heart" size={20} />
            </button>
          </div>
          {stock.text ? (
            <p className={stock.soldOut ? 'pd__stock pd__stock--out' : 'pd__stock'} data-stock="" role="status">
              {stock.text}
            </p>
          ) : null}
          <DeliveryEstimate leadDays={leadDaysOf(priceRow)} />
          <button type="button" className="pd__affiliate" onClick={() => console.log('Affiliate program:', { p_id: product.p_id, name: product.name })}>
            Join our affiliate program
          </button>
          {product.key_points.length || promises.length ? (
            <ul className="pd__points">
              {product.key_points.map((point, i) => (
                <li key={i}>
                  <Icon name="gem" size={16} /> {point}
                </li>
              ))}
              {promises.map((promise) => (
                <li key={promise} data-policy-promise="">
                  <Icon name="shield" size={16} />{' '}
                  <span>
                    {promise} (<a href="/refundpolicy">policy</a>)
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
  );
}

/**
 * The offers checkout honours (rules/offers.ts): what, how much, the code and
 * the conditions. The same markup is drawn by web/lib/product-page.ts before
 * the island wakes, so keep the two alike.
 */
function OfferList({ offers, offerText }: { offers: CouponOffer[]; offerText: string }) {
  return (
    <ul className="pd__offers" data-offers="" data-offer-text={offerText} aria-label="Offers" hidden={offers.length === 0} suppressHydrationWarning>
      {offers.map((offer) => (
        <li key={offer.code} className="pd__offer">
          <strong>{offer.title}</strong> <span>{offer.how}</span> <small>{offer.conditions}</small>
        </li>
      ))}
    </ul>
  );
}

/**
 * What an administrator sees on a deactivated product's page: shoppers cannot
 * see it, and it cannot be bought here. Rendered hidden on pre-rendered pages
 * (a shopper's page) and shown by initProductFreshness when the API answers
 * the administrator an inactive product before the island wakes.
 */
function InactiveBanner({ hidden }: { hidden: boolean }) {
  return (
    <div className="pd__inactive" role="status" data-product-inactive="" hidden={hidden} suppressHydrationWarning>
      <strong>This product is deactivated.</strong> Shoppers cannot see it: it is hidden from the shop&apos;s pages, search and listings. Add to Cart and Buy Now are
      off here. <a href="/admin/products">Activate it in Manage Products</a>
    </div>
  );
}
