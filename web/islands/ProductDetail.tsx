import { useEffect, useState } from 'react';
import type { components } from '../lib/api/schema.d.ts';
import { type CardProduct, ProductCard, toCard } from '../components/ProductCard.tsx';
import { ProductTabs } from '../components/ProductTabs.tsx';
import { api } from '../lib/api/client.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { loadProductReviews } from '../stores/reviews.ts';
import ProductPurchase from './product/Purchase.tsx';
import ProductReviews from './product/Reviews.tsx';

type Product = components['schemas']['ProductDetails'];

/** The product id a bare page is for: /product-details/<id>, or ?p_id=<id>. */
function productIdFromUrl(): number | null {
  const fromPath = /\/product-details\/(\d+)/.exec(location.pathname)?.[1];
  const id = Number(fromPath ?? new URLSearchParams(location.search).get('p_id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The bare /product-details page (the server answers it for a product built
 * after the last site build): reads the id from the URL and loads the product
 * (POST /getproductbyid, with the shop policy's promises for it, worded by the
 * server as the pre-rendered page words them), its reviews and four of its
 * category, then shows the same parts a pre-rendered product page has.
 */
export default function ProductDetail() {
  const currency = useCurrency();
  const [product, setProduct] = useState<Product | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>('loading');
  const [related, setRelated] = useState<CardProduct[]>([]);

  useEffect(() => {
    const id = productIdFromUrl();
    if (!id) {
      setState('missing');
      return;
    }
    void loadProductReviews(id);
    api
      .post('/getproductbyid', { p_id: id })
      .then(async (answer) => {
        if (answer.status !== 1 || !answer.data) {
          setState('missing');
          return;
        }
        const fresh = answer.data as Product;
        setProduct(fresh);
        setState('ready');
        document.title = `${fresh.name} | Aurum Jewels`;
        const list = await api.post('/getproducts', { isReel: '0', page: 1, perPage: 5, cate_id: fresh.cate_id });
        const data = list.data as { productData?: CardProduct[] } | null;
        if (list.status === 1 && data?.productData) setRelated(data.productData.filter((p) => p.p_id !== fresh.p_id).slice(0, 4));
      })
      .catch(() => setState('missing'));
  }, []);

  if (state === 'missing') {
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
  return (
    <>
      <ProductPurchase product={product} promises={product.promises} />
      <section className="pd-section" aria-label="Product information">
        <ProductTabs specifications={product.specifications} description={product.description} carats={product.productcarats} />
      </section>
      <ProductReviews p_id={product.p_id} load={false} />
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
