/**
 * The demo store's pictures and reels, made on this machine (no network):
 * SVG drawings from ./art rasterised by sharp into JPEG files in the media
 * store (db/media-store.ts: local folders or the bucket) under the folders the
 * API serves (Products, Category, Sliders, Reviews). The database keeps the
 * generated file names and each picture's pixel size.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { type MediaStore, mediaContentType, mediaKey } from '../media-store.ts';
import type { MediaFileSize } from '../queries/media-files.ts';
import type { PieceDesign } from './art/pieces.ts';
import {
  BANNERS, bannerScene, categoryTile, type LayeredScene, LIGHT_BACKDROPS, PORTRAITS, portraitSvg,
  productScene, VELVET_BACKDROPS,
} from './art/scenes.ts';
import { createRandom } from './random.ts';

export type { MediaFolder } from '../media-store.ts';
import type { MediaFolder } from '../media-store.ts';

/** Committed files the seeder copies: the two reels and the banner words. */
export const ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

/** The reel videos shipped with the seed, in the order reel products use them. */
export const REEL_ASSETS = ['reel-1.mp4', 'reel-2.webm'] as const;

const JPEG = { quality: 86 } as const;

/**
 * Backdrops and shadows are soft, so they are drawn together at a quarter of
 * the size; librsvg then enlarges that layer while it draws the artwork over
 * it, in one pass. Only the artwork, which needs its crisp edges, is drawn at
 * full size. (Enlarging and compositing with sharp instead costs a third more.)
 */
const SOFT_SCALE = 4;
const SHADOW_BLUR = 4;

/**
 * Writes generated media under generated names into the media store and
 * remembers them (with each image's pixel size, for the database), so a seed
 * that fails (or finds the database no longer empty) can take its files back.
 */
export class MediaWriter {
  readonly store: MediaStore;
  /** Keys written, in order. */
  readonly written: string[] = [];
  /** Every file written, with an image's size (recorded in media_files by the seed's transaction). */
  readonly sizes: MediaFileSize[] = [];

  constructor(store: MediaStore) {
    this.store = store;
  }

  /** Stores bytes as `seed-<kind>-<n>-<random>.<ext>` in a media folder and returns the file name. */
  async write(folder: MediaFolder, kind: string, n: number, ext: string, bytes: Buffer): Promise<string> {
    const name = seedFileName(kind, n, ext);
    const key = mediaKey(folder, name)!;
    this.written.push(key);
    await this.store.write(key, bytes, mediaContentType(name));
    const isImage = !/^(mp4|webm|ogg)$/i.test(ext);
    const meta = isImage ? await sharp(bytes).metadata() : undefined;
    this.sizes.push({ folder, name, width: meta?.width ?? null, height: meta?.height ?? null });
    return name;
  }

  /** Copies a committed asset into a media folder under a generated name. */
  async copy(folder: MediaFolder, kind: string, n: number, source: string): Promise<string> {
    return this.write(folder, kind, n, path.extname(source).slice(1), await readFile(source));
  }

  /** Deletes every file this writer made. */
  async discard(): Promise<void> {
    await this.store.remove(this.written.splice(0));
    this.sizes.splice(0);
  }
}

/** `seed-<kind>-<n>-<8 hex>.<ext>`: recognisable as demo media, never colliding with an upload. */
export function seedFileName(kind: string, n: number, ext: string): string {
  return `seed-${kind}-${n}-${randomBytes(4).toString('hex')}.${ext}`;
}

type RawImage = { data: Buffer; info: OutputInfo };

// Many photos share a backdrop (ten colours, three bokeh patterns): each is drawn once per process.
const backdrops = new Map<string, Promise<RawImage>>();

function smallBackdrop(svg: string): Promise<RawImage> {
  let image = backdrops.get(svg);
  if (!image) {
    if (backdrops.size >= 64) backdrops.clear();
    image = sharp(Buffer.from(svg), { density: 72 / SOFT_SCALE }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    backdrops.set(svg, image);
  }
  return image;
}

/** Rasterises a layered scene: backdrop, then the artwork's soft shadow, then the artwork. */
export async function renderScene(scene: LayeredScene): Promise<Sharp> {
  const density = 72 / SOFT_SCALE;
  const [backdrop, silhouette] = await Promise.all([
    smallBackdrop(scene.backdrop),
    sharp(Buffer.from(scene.silhouette), { density }).extractChannel(3).blur(SHADOW_BLUR).linear(scene.shadow.opacity, 0).raw().toBuffer(),
  ]);
  const small = { width: backdrop.info.width, height: backdrop.info.height };
  const shadow = await sharp({ create: { ...small, channels: 3, background: '#1a1008' } })
    .joinChannel(silhouette, { raw: { ...small, channels: 1 } })
    .raw()
    .toBuffer();
  const soft = await sharp(backdrop.data, { raw: { ...small, channels: 3 } })
    .composite([{ input: shadow, raw: { ...small, channels: 4 }, left: Math.round(scene.shadow.dx / SOFT_SCALE), top: Math.round(scene.shadow.dy / SOFT_SCALE) }])
    .removeAlpha()
    .png({ compressionLevel: 0 })
    .toBuffer();
  const underlay = `<image href="data:image/png;base64,${soft.toString('base64')}" x="0" y="0" width="100%" height="100%" preserveAspectRatio="none"/>`;
  return sharp(Buffer.from(scene.artwork.replace('</defs>', `</defs>${underlay}`))).removeAlpha();
}

/**
 * Runs tasks a few at a time. Each picture is a chain of sharp steps with
 * JavaScript between them, so one more picture in flight than there are cores
 * keeps every core busy.
 */
export async function inParallel<T>(tasks: (() => Promise<T>)[], limit = availableParallelism() + 1): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface ProductPhotoRequest {
  design: PieceDesign;
  /** Decides backdrop, angle and glints, so a product keeps its look from one seed to the next. */
  seed: number;
  /** 2 (catalogue photo and velvet-tray photo) or 3 (plus a close-up). */
  photos: number;
}

/**
 * The scenes of one product's photos: first on a light backdrop (so the
 * catalogue grid reads as one shop), then on velvet, then a close-up.
 */
export function productPhotoScenes(request: ProductPhotoRequest, size = 1000): LayeredScene[] {
  const rng = createRandom(request.seed);
  const tilt = request.design.kind === 'necklace' || request.design.kind === 'chain' || request.design.kind === 'mangalsutra' ? 4 : 12;
  const scenes = [
    productScene({ design: request.design, backdrop: rng.pick(LIGHT_BACKDROPS), rotation: rng.between(-tilt, tilt), zoom: 1, seed: request.seed, size }),
    productScene({ design: request.design, backdrop: rng.pick(VELVET_BACKDROPS), rotation: rng.between(-tilt, tilt), zoom: 1, seed: request.seed + 1, size }),
    productScene({ design: request.design, backdrop: rng.pick(LIGHT_BACKDROPS), rotation: rng.between(-8, 8), zoom: 1.8, seed: request.seed + 2, size }),
  ];
  return scenes.slice(0, Math.max(1, Math.min(3, request.photos)));
}

/** Renders every product's photos into Products; returns the file names per product, in order. */
export async function renderProductPhotos(writer: MediaWriter, requests: ProductPhotoRequest[]): Promise<string[][]> {
  const names = requests.map(() => [] as string[]);
  const tasks = requests.flatMap((request, p) =>
    productPhotoScenes(request).map((scene, k) => async () => {
      const jpeg = await (await renderScene(scene)).jpeg(JPEG).toBuffer();
      names[p][k] = await writer.write('Products', 'product', p + 1, 'jpg', jpeg);
    }),
  );
  await inParallel(tasks);
  return names;
}

/** Renders one tile per category into Category (800 x 800). */
export async function renderCategoryTiles(writer: MediaWriter, designs: PieceDesign[]): Promise<string[]> {
  const backdrops = ['ivory', 'blush', 'champagne', 'mist'] as const;
  return inParallel(
    designs.map((design, i) => async () => {
      const scene = categoryTile(design, backdrops[i % backdrops.length], 100 + i, 800);
      return writer.write('Category', 'category', i + 1, 'jpg', await (await renderScene(scene)).jpeg(JPEG).toBuffer());
    }),
  );
}

/**
 * Renders the home page banners into Sliders (1600 x 640), pictures only: their
 * words are stored as text with the slider row and set over the picture by the
 * home page, readable on a phone.
 */
export async function renderSliderBanners(writer: MediaWriter): Promise<string[]> {
  return inParallel(
    BANNERS.map((banner, i) => async () => {
      // No words in the picture: the home page sets the banner's words over it as text (slider_images.headline).
      const jpeg = await (await renderScene(bannerScene(banner, 40 + i))).jpeg(JPEG).toBuffer();
      return writer.write('Sliders', 'slider', i + 1, 'jpg', jpeg);
    }),
  );
}

/** Renders reviewers' portraits into Reviews (400 x 400). */
export async function renderReviewerPortraits(writer: MediaWriter, count: number): Promise<string[]> {
  return inParallel(
    Array.from({ length: count }, (_, i) => async () => {
      const jpeg = await sharp(Buffer.from(portraitSvg(PORTRAITS[i % PORTRAITS.length]))).jpeg(JPEG).toBuffer();
      return writer.write('Reviews', 'review', i + 1, 'jpg', jpeg);
    }),
  );
}

/** Copies the committed reels into Products; returns their new names in REEL_ASSETS order. */
export async function copyReelVideos(writer: MediaWriter): Promise<string[]> {
  const names: string[] = [];
  for (const [i, asset] of REEL_ASSETS.entries()) names.push(await writer.copy('Products', 'reel', i + 1, path.join(ASSETS_DIR, asset)));
  return names;
}
