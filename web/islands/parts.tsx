import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { firstImage, mediaUrl } from '../lib/media.ts';
import { $user, type SessionUser } from '../stores/session.ts';

/**
 * The session user inside an island, or `undefined` until the island has
 * hydrated: the pre-rendered HTML is a visitor's, so the first render must be
 * too (a skeleton), and the stored session applies right after.
 */
export function useSessionUser(): SessionUser | null | undefined {
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? user : undefined;
}

/** A product's first picture as a small square thumbnail (or an empty square). */
export function LineThumb({ images, size = 76 }: { images: ReadonlyArray<{ imageUrl: string; type?: 'image' | 'video' }> | undefined; size?: number }) {
  const image = images ? firstImage(images) : null;
  if (!image) return <span className="line-product__ph" aria-hidden="true" />;
  return (
    <img
      src={`${mediaUrl('Products', image)}?w=240`}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

/** A loading placeholder of a fixed height, so content arriving does not push the page. */
export function Skeleton({ height, label = 'Loading…' }: { height: number; label?: string }) {
  return (
    <div className="skeleton" style={{ height }} role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
