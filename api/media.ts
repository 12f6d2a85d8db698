/**
 * Media files by record: the store finds a file to remove from the record that
 * names it (a category's cate_image, a product's media rows), never from a path
 * a client sends. A name is used only when it is a plain file name, and the
 * path it makes must stay inside its media folder.
 *
 * Files are removed after the transaction that dropped their record commits:
 * a failed write leaves the files its record still names, and a file left
 * behind by a crash between the two is harmless (nothing names it).
 */

import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './env.ts';
import type { MediaFolder } from '../rules/media.ts';

/** A plain file name: no separators, no leading dot, nothing encoded (the media server's rule). */
const MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Where resized copies of images are kept (api/site/serve.ts): media-cache/<folder>/<width>/<name>.webp. */
const CACHE_DIR = 'media-cache';

/** The absolute path of a media file, or null when the name is not a plain file name. */
export function mediaFilePath(config: Config, folder: MediaFolder, name: string): string | null {
  if (!MEDIA_NAME.test(name) || name.includes('..')) return null;
  const root = path.resolve(config.mediaDir, folder);
  const file = path.resolve(root, name);
  return path.dirname(file) === root ? file : null;
}

/**
 * Removes the files a deleted or replaced record named, with any resized copies
 * of them. Never throws: the record is already gone, and a file that cannot be
 * removed is only disk space.
 */
export async function removeMediaFiles(config: Config, folder: MediaFolder, names: Iterable<string | null | undefined>): Promise<void> {
  const files = [...new Set([...names].filter((n): n is string => typeof n === 'string'))];
  if (files.length === 0) return;
  const cacheRoot = path.join(config.dataDir, CACHE_DIR, folder);
  const widths = await readdir(cacheRoot).catch(() => [] as string[]);
  await Promise.all(
    files.map(async (name) => {
      const file = mediaFilePath(config, folder, name);
      if (!file) {
        console.warn(`media: not removing ${JSON.stringify(name)} from ${folder}: not a plain file name`);
        return;
      }
      const copies = widths.filter((w) => /^\d+$/.test(w)).map((w) => path.join(cacheRoot, w, `${name}.webp`));
      for (const target of [file, ...copies]) {
        await rm(target, { force: true }).catch((error: unknown) => console.warn(`media: could not remove ${target}:`, error));
      }
    }),
  );
}
