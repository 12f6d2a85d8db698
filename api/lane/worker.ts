/**
 * The checkout lane's thread (api/lane/lane.ts): the app on a database handle of its
 * own, answering the requests the main thread hands over.
 */

import { parentPort } from 'node:worker_threads';
import { openDatabase, poolSize } from '../../db/connection.ts';
import { checkDatabaseRead } from '../../db/queries/health.ts';
import { onStockChange } from '../../db/queries/stock-view.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { log, setLogLevel } from '../../db/log.ts';
import type { LaneNews, LaneRequest } from './lane.ts';

const port = parentPort!;
const tell = (news: LaneNews, transfer: ArrayBuffer[] = []) => port.postMessage(news, transfer);

try {
  const config = loadConfig();
  setLogLevel(config.logLevel);
  // Twice the main thread's pool: the lane's calls fan out (an order five statements at once: its
  // pricing beside its transaction; a cart read sent six before its products were kept), and with ten
  // connections a few calls at once held them all while the others queued (measured in the benchmark, README).
  const db = openDatabase(config.database, { poolSize: 2 * poolSize() });
  onStockChange(db, (pcIds, rows) => tell({ kind: 'stock', pcIds, rows }));
  const app = createApp({ db, config, onCatalogueChange: () => tell({ kind: 'catalogue' }) });

  port.on('message', async (message: LaneRequest | 'stop') => {
    if (message === 'stop') {
      // Its connections closed before the main thread ends the thread (the last request answered already).
      await db.destroy().catch(() => undefined);
      tell({ kind: 'stopped' });
      return;
    }
    const { id, method, url, headers, body, remote } = message;
    // What the app reads of Node's request outside the Request: the socket's address (the
    // rate limits' client address), and that the body has been read.
    const incoming = { socket: { remoteAddress: remote.address, remotePort: remote.port, remoteFamily: remote.family }, readableEnded: true, headers: {} };
    try {
      const response = await app.fetch(new Request(url, { method, headers, body }), { incoming });
      const bytes = await response.arrayBuffer();
      tell({ kind: 'answer', answer: { id, status: response.status, headers: [...response.headers], body: bytes } }, [bytes]);
    } catch (error) {
      // The app answers its own errors; this is the answer's bytes failing on the way.
      log.error({ err: error }, 'checkout lane: an answer failed on its way back');
      tell({ kind: 'lost', id });
    }
  });
  await checkDatabaseRead(db);
  tell({ kind: 'ready' });
} catch (error) {
  tell({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
