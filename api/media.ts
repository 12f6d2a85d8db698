/**
 * Media files by record: the store finds a file to remove from the record that
 * names it (a category's cate_image, a product's media rows), never from a path
 * a client sends. A name is used only when it is a plain file name (mediaKey).
 *
 * Files are removed after the transaction that dropped their record commits:
 * a failed write leaves the files its record still names, and a file left
 * behind by a crash between the two is harmless (nothing names it).
 */

import type { DB } from '../db/connection.ts';
import { IMAGE_WIDTHS, mediaKey, mediaStore, resizedKey, type StoredFolder } from '../db/media-store.ts';
import { isPrivateFolder } from '../rules/media.ts';
import { forgetMediaFiles } from '../db/queries/media-files.ts';
import { log } from '../db/log.ts';
import type { Config } from './env.ts';

/**
 * Removes the files a deleted or replaced record named, with their resized
 * copies and recorded sizes. Never throws: the record is already gone, and a
 * file that cannot be removed is only storage.
 */
export async function removeMediaFiles(deps: { config: Config; db: DB }, folder: StoredFolder, names: Iterable<string | null | undefined>): Promise<void> {
  const files = [...new Set([...names].filter((n): n is string => typeof n === 'string'))];
  if (files.length === 0) return;
  const keys: string[] = [];
  const plain: string[] = [];
  for (const name of files) {
    const key = mediaKey(folder, name);
    if (!key) {
      log.warn(`media: not removing ${JSON.stringify(name)} from ${folder}: not a plain file name`);
      continue;
    }
    plain.push(name);
    keys.push(key);
  }
  // A private folder's files (a shopper's return photos) have no resized copies and no recorded sizes.
  const publicFolder = isPrivateFolder(folder) ? null : folder;
  if (publicFolder) for (const name of plain) keys.push(...IMAGE_WIDTHS.map((width) => resizedKey(publicFolder, name, width)));
  await mediaStore(deps.config.media)
    .remove(keys)
    .catch((error: unknown) => log.warn({ err: error }, `media: could not remove files from ${folder}`));
  if (publicFolder) await forgetMediaFiles(deps.db, publicFolder, plain).catch((error: unknown) => log.warn({ err: error }, 'media: could not forget sizes'));
}
