/**
 * The pixel sizes of stored images, recorded when they are stored (uploads, the
 * seed), so pages reserve an image's box without anyone reading the file.
 */
import type { DB } from '../connection.ts';
import type { MediaFolder } from '../media-store.ts';

export interface MediaFileSize {
  folder: MediaFolder;
  name: string;
  width: number | null;
  height: number | null;
}

/** Records sizes of stored files (a name recorded already keeps its row). */
export async function recordMediaFiles(db: DB, files: MediaFileSize[]): Promise<void> {
  for (let i = 0; i < files.length; i += 200) {
    await db
      .insertInto('media_files')
      .values(files.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['folder', 'name']).doNothing())
      .execute();
  }
}

/** Forgets files removed from the store. */
export async function forgetMediaFiles(db: DB, folder: MediaFolder, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db.deleteFrom('media_files').where('folder', '=', folder).where('name', 'in', names).execute();
}

/** An image's recorded pixel size, or null when none was recorded (a video, or stored before sizes were). */
export async function mediaFileSize(db: DB, folder: MediaFolder, name: string): Promise<{ width: number; height: number } | null> {
  const row = await db
    .selectFrom('media_files')
    .select(['width', 'height'])
    .where('folder', '=', folder)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.width && row.height ? { width: row.width, height: row.height } : null;
}
