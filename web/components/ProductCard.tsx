import type { Currency } from '../../rules/money.ts';
import { firstImage, imageSources, isVideo, mediaUrl } from '../lib/media.ts';
import { Icon } from './Icon.tsx';
import { Price } from './Price.tsx';
import { heartLabel } from '../stores/wishlist.ts';

/** What a card shows of a product (a subset of the API's product). */
export interface CardProduct {
  p_id: number;
  name: string;
  cate_id: number;
  is_bestseller?: 0 | 1;
  images: ReadonlyArray<{ imageUrl: string; type?: 'image' | 'video' }>;
  category?: { cate_name: string } | null;
  materials: ReadonlyArray<number>;
  size: ReadonlyArray<number>;
  materialDetails?: ReadonlyArray<{ m_id: number; name: string }>;
  productcarats: ReadonlyArray<{ pc_id: number; carat_id: number; inr_price: number; usd_price: number; carat?: { name: string } }>;
  /** The carat row whose price the listing shows (the one its filter matched); the first row when missing. */
  listed_pc_id?: number | null;
}

/** The carat row a card shows: the listing's listed row, else the first. */
export function listedRow(product: CardProduct) {
  return product.productcarats.find((pc) => pc.pc_id === product.listed_pc_id) ?? product.productcarats[0];
}

/** Only what a card shows, so an island's serialized props stay small. */
export function toCard(product: CardProduct): CardProduct {
  return {
    p_id: product.p_id,
    name: product.name,
    cate_id: product.cate_id,
    is_bestseller: product.is_bestseller,
    images: product.images.slice(0, 2).map(({ imageUrl, type }) => ({ imageUrl, type })),
    category: product.category ? { cate_name: product.category.cate_name } : null,
    materials: product.materials,
    size: product.size,
    materialDetails: product.materialDetails?.slice(0, 1),
    productcarats: product.productcarats.map(({ pc_id, carat_id, inr_price, usd_price, carat }) => ({ pc_id, carat_id, inr_price, usd_price, carat: carat ? { name: carat.name } : undefined })),
    listed_pc_id: product.listed_pc_id,
  };
}

/** The selection data a quick add needs, for the delegated click handler (web/lib/card-actions.ts). */
export function quickAddData(product: CardProduct): string {
  // The quick add takes the first row: the one the card shows its price for.
  const listed = listedRow(product);
  const rows = listed ? [listed, ...product.productcarats.filter((pc) => pc !== listed)] : [];
  return JSON.stringify({
    p_id: product.p_id,
    cate_id: product.cate_id,
    productcarats: rows.map(({ pc_id, carat_id }) => ({ pc_id, carat_id })),
    materials: product.materials,
    size: product.size,
  });
}

export interface ProductCardProps {
  product: CardProduct;
  currency?: Currency;
  /** Show the wishlist heart (every listing; off where a card has no room for it). */
  wishlist?: boolean;
  /** Eager-load the image (cards above the fold). */
  eager?: boolean;
  /** `sizes` for the image; defaults to a 2-4 column grid. */
  sizes?: string;
  headingLevel?: 'h2' | 'h3';
  /** Recommendations check the product data is complete before a quick add (§5). */
  strictQuickAdd?: boolean;
}

/**
 * A product card: picture linking to the product, category and material,
 * name, purity and price (the carat row the listing matched, else the first), Add to Cart.
 * Its buttons carry their data; one delegated listener handles them, so the
 * card works the same pre-rendered or inside an island.
 */
export function ProductCard({ product, currency = 'INR', wishlist = true, eager = false, sizes, headingLevel = 'h3', strictQuickAdd = false }: ProductCardProps) {
  const href = `/product-details/${product.p_id}`;
  const image = firstImage(product.images);
  const video = image ? null : product.images.find((i) => isVideo(i.imageUrl))?.imageUrl;
  const listed = listedRow(product);
  // The first material is the one a quick add takes.
  const material = product.materialDetails?.[0]?.name;
  const Heading = headingLevel;
  const data = quickAddData(product);
  return (
    <article className="card">
      <a className="card__media media-frame" href={href} tabIndex={-1} aria-hidden="true">
        {image ? (
          <img
            {...imageSources('Products', image, 480, 960)}
            sizes={sizes ?? '(min-width: 1240px) 300px, (min-width: 900px) 25vw, (min-width: 640px) 33vw, 50vw'}
            width={480}
            height={480}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : video ? (
          <video src={mediaUrl('Products', video)} muted playsInline preload="metadata" width={480} height={480} />
        ) : null}
        {product.is_bestseller ? <span className="card__badge">Bestseller</span> : null}
      </a>
      {wishlist ? (
        <button
          type="button"
          className="card__wish"
          aria-label={heartLabel(product.name, false)}
          aria-pressed="false"
          data-wish-product={data}
          data-wish-id={product.p_id}
          data-wish-name={product.name}
          suppressHydrationWarning
        >
          <Icon name="heart" size={20} />
        </button>
      ) : null}
      <div className="card__body">
        <p className="card__meta">
          {product.category?.cate_name}
          {material ? ` · ${material}` : ''}
        </p>
        <Heading className="card__name">
          <a href={href}>{product.name}</a>
        </Heading>
        <p className="card__price">
          {listed ? (
            <>
              {listed.carat?.name ? <span className="card__purity">{listed.carat.name} from </span> : null}
              <Price inr={listed.inr_price} usd={listed.usd_price} currency={currency} />
            </>
          ) : (
            'Price on request'
          )}
        </p>
        <div className="card__actions">
          <button type="button" className="btn btn--ghost btn--small" data-cart-product={data} data-strict={strictQuickAdd ? '' : undefined} aria-label={`Add ${product.name} to cart`}>
            <Icon name="bag" size={16} /> Add to Cart
          </button>
        </div>
      </div>
    </article>
  );
}

export interface ProductGridProps extends Omit<ProductCardProps, 'product' | 'eager'> {
  products: ReadonlyArray<CardProduct>;
  columns?: 3 | 4;
  /** How many cards at the start load their picture at once. */
  eagerCount?: number;
}

/** A grid of cards in one render (a pre-rendered page then makes one React call for it, not one per card). */
export function ProductGrid({ products, columns = 4, eagerCount = 0, ...card }: ProductGridProps) {
  return (
    <div className={`product-grid product-grid--${columns}`}>
      {products.map((product, i) => (
        <ProductCard key={product.p_id} product={product} eager={i < eagerCount} {...card} />
      ))}
    </div>
  );
}
