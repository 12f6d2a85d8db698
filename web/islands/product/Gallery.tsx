import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { imageSources, isVideo, mediaUrl } from '../../lib/media.ts';

/** Thumbnail scroll arrows appear above this many pictures (§2, §9). */
export const THUMB_ARROWS_ABOVE = 5;
/** Slide transition (§9). */
export const SLIDE_TRANSITION_MS = 500;

export interface GalleryProps {
  images: ReadonlyArray<{ imageUrl: string; type?: 'image' | 'video' }>;
  name: string;
}

/**
 * The product's pictures and videos: a sliding viewer (500 ms, endless: after
 * the last comes the first), arrows and keyboard, and a thumbnail strip that
 * gets its own arrows when there are more than five.
 */
export function Gallery({ images, name }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<HTMLDivElement>(null);
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  useEffect(() => {
    const thumb = thumbs.current?.children[index] as HTMLElement | undefined;
    const strip = thumbs.current;
    if (thumb && strip) strip.scrollTo({ left: thumb.offsetLeft - strip.clientWidth / 2 + thumb.clientWidth / 2, behavior: 'smooth' });
  }, [index]);

  if (count === 0) return <div className="gallery gallery--empty" aria-hidden="true" />;

  const scrollThumbs = (direction: 1 | -1) => thumbs.current?.scrollBy({ left: direction * 240, behavior: 'smooth' });

  return (
    <div className="gallery" aria-roledescription="carousel" aria-label={`${name} pictures`}>
      <div
        className="gallery__viewport"
        tabIndex={0}
        aria-label={`Picture ${index + 1} of ${count}`}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(index + 1);
          if (e.key === 'ArrowLeft') go(index - 1);
        }}
      >
        <div className="gallery__track" style={{ transform: `translateX(-${index * 100}%)`, transitionDuration: `${SLIDE_TRANSITION_MS}ms` }}>
          {images.map((media, i) => {
            const video = media.type ? media.type === 'video' : isVideo(media.imageUrl);
            return (
              <div className="gallery__slide" key={media.imageUrl + i} aria-hidden={i !== index}>
                {video ? (
                  <video src={mediaUrl('Products', media.imageUrl)} controls muted playsInline preload="metadata" width={960} height={960} tabIndex={i === index ? 0 : -1} />
                ) : (
                  <img
                    {...imageSources('Products', media.imageUrl, 960, 1440)}
                    sizes="(min-width: 1240px) 600px, (min-width: 900px) 50vw, 100vw"
                    width={960}
                    height={960}
                    alt={i === 0 ? name : `${name}, view ${i + 1}`}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    decoding="async"
                    draggable={false}
                  />
                )}
              </div>
            );
          })}
        </div>
        {count > 1 ? (
          <>
            <button type="button" className="gallery__arrow gallery__arrow--prev" aria-label="Previous picture" onClick={() => go(index - 1)}>
              <Icon name="chevronLeft" />
            </button>
            <button type="button" className="gallery__arrow gallery__arrow--next" aria-label="Next picture" onClick={() => go(index + 1)}>
              <Icon name="chevronRight" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="gallery__thumbs-row">
          {count > THUMB_ARROWS_ABOVE ? (
            <button type="button" className="gallery__thumb-arrow" aria-label="Scroll thumbnails left" onClick={() => scrollThumbs(-1)}>
              <Icon name="chevronLeft" size={18} />
            </button>
          ) : null}
          <div className="gallery__thumbs" ref={thumbs}>
            {images.map((media, i) => {
              const video = media.type ? media.type === 'video' : isVideo(media.imageUrl);
              return (
                <button
                  type="button"
                  key={media.imageUrl + i}
                  className="gallery__thumb"
                  aria-label={`Show ${video ? 'video' : 'picture'} ${i + 1}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                >
                  {video ? (
                    <span className="gallery__thumb-video">
                      <Icon name="play" size={18} />
                    </span>
                  ) : (
                    <img src={`${mediaUrl('Products', media.imageUrl)}?w=240`} width={80} height={80} alt="" loading="lazy" decoding="async" />
                  )}
                </button>
              );
            })}
          </div>
          {count > THUMB_ARROWS_ABOVE ? (
            <button type="button" className="gallery__thumb-arrow" aria-label="Scroll thumbnails right" onClick={() => scrollThumbs(1)}>
              <Icon name="chevronRight" size={18} />
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
