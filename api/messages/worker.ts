/**
 * The dispatcher's thread (api/messages/thread.ts): the outbox sent on a database handle of
 * its own, so rendering and sending messages never take the request thread's time.
 */
import { parentPort } from 'node:worker_threads';
import { openDatabase } from '../../db/connection.ts';
import { log, setLogLevel } from '../../db/log.ts';
import { loadConfig } from '../env.ts';
import { startDispatcher } from './dispatcher.ts';
import type { DispatcherNews } from './thread.ts';

const port = parentPort!;
const tell = (news: DispatcherNews) => port.postMessage(news);

try {
  const config = loadConfig();
  setLogLevel(config.logLevel);
  const db = openDatabase(config.database);
  const dispatcher = startDispatcher({ db, config, count: (channel, outcome) => tell({ kind: 'count', channel, outcome }) });
  port.on('message', async (message: 'stop') => {
    if (message !== 'stop') return;
    await dispatcher.stop();
    await db.destroy().catch(() => undefined);
    tell({ kind: 'stopped' });
  });
  tell({ kind: 'ready' });
} catch (error) {
  log.error({ err: error }, 'messages: the dispatcher thread did not start');
  tell({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
