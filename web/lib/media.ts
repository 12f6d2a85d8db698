import { isVideoName, type MediaFolder } from '../../rules/media.ts';

export type { MediaFolder } from '../../rules/media.ts';

/**
 * The widths the server resizes images to (api/site/serve.ts answers
 * `/<Folder>/<name>?w=<width>` with a cached WebP for these, and only these).
 */
export const IMAGE_WIDTHS = [240, 360, 480, 720, 960, 1440, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** A file ending mp4, webm or ogg is a video (§3, §9; rules/media.ts). */
export const isVideo = isVideoName;

/** The URL of a media file on this host. */
export function mediaUrl(folder: MediaFolder, name: string): string {
  return `/${folder}/${encodeURIComponent(name)}`;
}

/** `src` and `srcset` for an image, resized by the server, up to `max` wide. */
export function imageSources(folder: MediaFolder, name: string, fallbackWidth: ImageWidth = 480, max: ImageWidth = 1920) {
  const base = mediaUrl(folder, name);
  const widths = IMAGE_WIDTHS.filter((w) => w <= max);
  return {
    src: `${base}?w=${fallbackWidth}`,
    srcSet: widths.map((w) => `${base}?w=${w} ${w}w`).join(', '),
  };
}

/** The first picture of a product's media (a video is skipped), or null. */
export function firstImage(images: ReadonlyArray<{ imageUrl: string; type?: string }>): string | null {
  const image = images.find((i) => (i.type ? i.type === 'image' : !isVideo(i.imageUrl)));
  return image?.imageUrl ?? null;
}
