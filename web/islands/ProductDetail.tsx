import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ProductView } from '../../db/queries/catalogue.ts';
import { Icon } from '../components/Icon.tsx';
import { type CardProduct, ProductCard, toCard } from '../components/ProductCard.tsx';
import { Stars } from '../components/Stars.tsx';
import { api } from '../lib/api/client.ts';
import { formatMoney } from '../lib/money.ts';
import { firstImage, imageSources } from '../lib/media.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { addToCart, requireLoginThenRedirect } from '../stores/cart.ts';
import { setBuyNow } from '../stores/buy-now.ts';
import { $productReviews, loadProductReviews, type ProductReview } from '../stores/reviews.ts';
import { $user } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { deliveryWindow, formatWindow } from './product/delivery.ts';
import { Gallery } from './product/Gallery.tsx';
import { ProductTabs } from './product/Tabs.tsx';

/** After a detail-page add the shopper goes to /cart (§4), once the toast has shown. */
const GO_TO_CART_MS = 500;

export interface ProductDetailProps {
  /** The pre-rendered product; null on the bare /product-details page, which loads it from the URL. */
  product: ProductView | null;
  related?: CardProduct[];
  reviews?: { reviews: ProductReview[]; avg_rating: number; total: number };
}

/** The product id a bare page is for: /product-details/<id>, or ?p_id=<id>. */
function productIdFromUrl(): number | null {
  const fromPath = /\/product-details\/(\d+)/.exec(location.pathname)?.[1];
  const id = Number(fromPath ?? new URLSearchParams(location.search).get('p_id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

interface Selection {
  pc_id: number | null;
  m_id: number | null;
  size_id: number | null;
}

/** First carat, first size and first material preselected (§4). */
function defaultSelection(product: ProductView): Selection {
  return { pc_id: product.productcarats[0]?.pc_id ?? null, m_id: product.materials[0] ?? null, size_id: product.size[0] ?? null };
}

/**
 * The product detail page's interactive part (§2, §4, §5): pictures, rating,
 * price in the shopper's currency, material/carat/size/quantity, Add to Cart,
 * Buy Now, key points, tabs, reviews and You May Also Like. Pre-rendered with
 * the build's data, then refreshed from the API (prices and reviews stay true
 * between rebuilds); on the bare page it loads everything from the URL's id.
 */
export default function ProductDetail({ product: initial, related: initialRelated = [], reviews: initialReviews }: ProductDetailProps) {
  const currency = useCurrency();
  const [product, setProduct] = useState<ProductView | null>(initial);
  const [state, setState] = useState<'ready' | 'loading' | 'missing'>(initial ? 'ready' : 'loading');
  const [related, setRelated] = useState<CardProduct[]>(initialRelated);
  const [selection, setSelection] = useState<Selection>(initial ? defaultSelection(initial) : { pc_id: null, m_id: null, size_id: null });
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [delivery, setDelivery] = useState<string | null>(null);
  const storedReviews = useStore($productReviews);
  const p_id = product?.p_id ?? null;
  const reviews = storedReviews && storedReviews.p_id === p_id ? storedReviews : initialReviews ?? { reviews: [], avg_rating: 0, total: 0 };

  // Load (bare page) or refresh (pre-rendered page) the product, its reviews and, when needed, its recommendations.
  useEffect(() => {
    const id = initial?.p_id ?? productIdFromUrl();
    if (!id) {
      setState('missing');
      return;
    }
    let current = true;
    void loadProductReviews(id);
    api
      .post('/getproductbyid', { p_id: id } as never)
      .then(async (answer) => {
        if (!current) return;
        if (answer.status !== 1 || !answer.data) {
          // Gone since the last build (or never there): say so rather than sell it.
          setState('missing');
          return;
        }
        const fresh = answer.data as ProductView;
        setProduct(fresh);
        setState('ready');
        setSelection((old) => {
          const base = defaultSelection(fresh);
          return {
            pc_id: fresh.productcarats.some((c) => c.pc_id === old.pc_id) ? old.pc_id : base.pc_id,
            m_id: old.m_id !== null && fresh.materials.includes(old.m_id) ? old.m_id : base.m_id,
            size_id: old.size_id !== null && fresh.size.includes(old.size_id) ? old.size_id : base.size_id,
          };
        });
        if (!initial) {
          document.title = `${fresh.name} | Aurum Jewels`;
          const list = await api.post('/getproducts', { isReel: '0', page: 1, perPage: 5, cate_id: fresh.cate_id } as never);
          const data = list.data as { productData?: CardProduct[] } | null;
          if (current && list.status === 1 && data?.productData) {
            setRelated(data.productData.filter((p) => p.p_id !== fresh.p_id).slice(0, 4));
          }
        }
      })
      .catch(() => {
        if (current && !initial) setState('missing');
      });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    setDelivery(formatWindow(deliveryWindow(new Date(), currency !== 'INR')));
  }, [currency]);

  if (state === 'missing' && !product) {
    return (
      <div className="empty-state pd-missing">
        <h1>This piece is no longer available</h1>
        <p>It may have sold out or been retired from our collection.</p>
        <a className="btn" href="/allproducts">
          Browse All Products
        </a>
      </div>
    );
  }
  if (!product) {
    return (
      <div className="pd pd--loading" aria-busy="true">
        <div className="gallery gallery--empty" />
        <div className="pd__info">
          <p className="pd__skeleton" />
          <p className="pd__skeleton pd__skeleton--short" />
          <span className="visually-hidden">Loading the product…</span>
        </div>
      </div>
    );
  }

  const carat = product.productcarats.find((c) => c.pc_id === selection.pc_id) ?? null;
  const material = product.materialDetails.find((m) => m.m_id === selection.m_id) ?? null;
  const size = product.sizeDetails.find((s) => s.size_id === selection.size_id) ?? null;
  const priceRow = carat ?? product.productcarats[0];
  const unavailable = state === 'missing';

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
    <>
      <div className="pd">
        <Gallery images={product.images} name={product.name} />
        <div className="pd__info">
          <p className="eyebrow">{product.category.cate_name}</p>
          <h1 className="pd__name">{product.name}</h1>
          <a className="pd__rating" href="#reviews">
            <Stars rating={reviews.avg_rating} />
            <span>
              {reviews.total ? `${reviews.avg_rating.toFixed(1)} · ${reviews.total} review${reviews.total === 1 ? '' : 's'}` : 'No reviews yet'}
            </span>
          </a>
          {priceRow ? (
            <p className="pd__price">
              <span data-price="" data-inr={priceRow.inr_price} data-usd={priceRow.usd_price}>
                {formatMoney(currency === 'INR' ? priceRow.inr_price : priceRow.usd_price, currency)}
              </span>
              <small>{currency === 'INR' ? 'Inclusive of all taxes' : 'Duties may apply at delivery'}</small>
            </p>
          ) : (
            <p className="pd__price">Price on request</p>
          )}
          {product.offer ? (
            <p className="pd__offer">
              <Icon name="sparkle" size={16} /> {product.offer}
            </p>
          ) : null}
          {unavailable ? <p className="field-error">This piece is no longer available.</p> : null}

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
            <button type="button" className="btn btn--ghost" onClick={onAddToCart} disabled={busy || unavailable}>
              <Icon name="bag" size={18} /> Add to Cart
            </button>
            <button type="button" className="btn" onClick={onBuyNow} disabled={unavailable}>
              Buy Now
            </button>
          </div>
          <div className="pd__delivery">
            <Icon name="truck" size={20} />
            <p>
              {delivery ? (
                <>
                  Estimated delivery <strong>{delivery}</strong>
                  <br />
                </>
              ) : null}
              <span>
                Ships in 2-4 business days, then {currency === 'INR' ? '3-7 business days within India · free shipping' : '7-15 business days internationally'}.{' '}
                <a href="/shippingpolicy">Shipping policy</a>
              </span>
            </p>
          </div>
          <button type="button" className="pd__affiliate" onClick={() => console.log('Affiliate program:', { p_id: product.p_id, name: product.name })}>
            Join our affiliate program
          </button>
          {product.key_points.length ? (
            <ul className="pd__points">
              {product.key_points.map((point, i) => (
                <li key={i}>
                  <Icon name="gem" size={16} /> {point}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>

      <section className="pd-section" aria-label="Product information">
        <ProductTabs specifications={product.specifications} description={product.description} />
      </section>

      <section className="pd-section reviews" id="reviews" aria-labelledby="reviews-title">
        <div className="reviews__head">
          <div>
            <h2 id="reviews-title">Customer Reviews</h2>
            <p className="reviews__summary">
              <Stars rating={reviews.avg_rating} size={18} />
              <span>{reviews.total ? `${reviews.avg_rating.toFixed(1)} out of 5 · ${reviews.total} review${reviews.total === 1 ? '' : 's'}` : 'Be the first to review this piece'}</span>
            </p>
          </div>
          {/* Mount point of the Write a Review button and modal (issue 6). */}
          <div id="write-review" data-write-review={product.p_id} />
        </div>
        {reviews.reviews.length ? (
          <ul className="reviews__list">
            {reviews.reviews.map((review) => (
              <li key={review.r_id} className="review">
                <div className="review__top">
                  <Stars rating={review.rating} />
                  <time dateTime={review.createdAt}>{new Date(review.createdAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}</time>
                </div>
                <p className="review__message">{review.message}</p>
                {review.images.length ? (
                  <div className="review__images">
                    {review.images.map((file) => (
                      <img key={file} {...imageSources('Reviews', file, 240, 240)} sizes="96px" width={96} height={96} alt={`Photo from ${review.u_name}`} loading="lazy" decoding="async" />
                    ))}
                  </div>
                ) : null}
                <p className="review__name">{review.u_name}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {related.length ? (
        <section className="pd-section" aria-labelledby="related-title">
          <div className="section-head">
            <span className="eyebrow">From the same collection</span>
            <h2 id="related-title">You May Also Like</h2>
          </div>
          <div className="product-grid product-grid--4">
            {related.map((p) => (
              <ProductCard key={p.p_id} product={toCard(p)} currency={currency} strictQuickAdd />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
