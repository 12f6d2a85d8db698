/**
 * `npm run backup [-- --out DIR]` and `npm run restore -- --from DIR`: a backup of the
 * store the environment names (db/backup.ts), or one put back (stop the server first).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupStore, describeMedia, restoreStore } from '../../db/backup.ts';
import { describeDatabase } from '../../db/connection.ts';
import { loadConfig } from '../env.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, from: { type: 'string' }, restore: { type: 'boolean' } } });
const config = loadConfig();
const media = describeMedia(config.media, config.mediaDir);
if (values.restore) {
  if (!values.from) throw new Error('restore needs --from DIR');
  const result = await restoreStore({ fromDir: values.from, database: config.database, mediaDir: config.mediaDir, media: config.media });
  const already = config.media.kind === 's3' ? ` (${result.mediaAlreadyThere} more were there already)` : '';
  console.log(`restored ${values.from} into ${describeDatabase(config.database)} and ${media}: ${result.mediaRestored} media files${already}`);
} else {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = values.out ?? path.join(config.dataDir, 'backups', stamp);
  const result = await backupStore({ database: config.database, mediaDir: config.mediaDir, outDir, media: config.media });
  console.log(`backup written to ${result.dir}: database + ${result.mediaFiles} media files from ${media}`);
  if (result.missingMedia.length) console.warn(`media the database names that were not found (removed while copying?): ${result.missingMedia.join(', ')}`);
}
