/**
 * Which media files no record names any more. A file is removed only when the
 * last record naming it has gone: an order keeps the picture of what was
 * bought, and the demo catalogue lets several products share one reel.
 * Called inside the transaction that dropped or replaced a record, after its
 * writes, so the answer is what will be true at commit.
 */

import type { MediaFolder } from '../../rules/media.ts';
import type { DB } from '../connection.ts';

/** The columns naming files in each media folder. */
async function namedIn(trx: DB, folder: MediaFolder, names: string[]): Promise<string[]> {
  switch (folder) {
    case 'Products': {
      const [media, orders] = await Promise.all([
        trx.selectFrom('product_media').select('file_name as name').where('file_name', 'in', names).execute(),
        trx.selectFrom('order_items').select('product_image as name').where('product_image', 'in', names).execute(),
      ]);
      return [...media, ...orders].map((r) => r.name ?? '');
    }
    case 'Category':
      return (await trx.selectFrom('categories').select('cate_image as name').where('cate_image', 'in', names).execute()).map((r) => r.name);
    case 'Reviews':
      return (await trx.selectFrom('review_images').select('file_name as name').where('file_name', 'in', names).execute()).map((r) => r.name);
    case 'Sliders':
      return (await trx.selectFrom('slider_images').select('image as name').where('image', 'in', names).execute()).map((r) => r.name);
  }
}

/** The names among `names` that no record in the database names any more. */
export async function namedNowhere(trx: DB, folder: MediaFolder, names: Array<string | null | undefined>): Promise<string[]> {
  const candidates = [...new Set(names.filter((n): n is string => typeof n === 'string' && n !== ''))];
  if (candidates.length === 0) return [];
  const stillNamed = new Set(await namedIn(trx, folder, candidates));
  return candidates.filter((n) => !stillNamed.has(n));
}
