import { starsFill, starsLabel } from '../lib/stars.ts';

const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9L12 3.5Z';

function Row({ size, filled }: { size: number; filled: boolean }) {
  return (
    <span className={filled ? 'stars__row stars__row--full' : 'stars__row'} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} width={size} height={size} viewBox="0 0 24 24" focusable="false">
          <path d={STAR} fill={filled ? 'currentColor' : 'transparent'} stroke="currentColor" strokeWidth={1.3} strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}

/**
 * A 1-5 star rating, read out as "4.5 out of 5 stars": outlined stars with a
 * filled row over them cut to the rating's width, so a page script can show a
 * new rating by setting one CSS variable (web/lib/product-page.ts).
 */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className="stars" role="img" aria-label={starsLabel(rating)} style={{ '--stars-fill': starsFill(rating) } as React.CSSProperties} data-stars="">
      <Row size={size} filled={false} />
      <Row size={size} filled />
    </span>
  );
}
