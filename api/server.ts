import { serve } from '@hono/node-server';
import { describeDatabase } from '../db/connection.ts';
import { createApp } from './app.ts';
import { keptAnswersServer } from './routes/catalogue/index.ts';
import { loadConfig } from './env.ts';
import { openStore, StartRefused } from './open-store.ts';
import { applyTimeouts } from './timeouts.ts';
import { reconcileOnce } from './payments/reconcile.ts';
import { runOncePerPeriod } from '../db/leases.ts';
import { startLane } from './lane/lane.ts';
import { noteStockChange } from '../db/queries/stock-view.ts';
import { bumpCatalogueVersion } from '../db/queries/site-state.ts';
import { createSiteRebuilder } from './site/build.ts';
import { log, setLogLevel } from '../db/log.ts';
import { watchLaneQueue } from './metrics.ts';
import { startDispatcherThread } from './messages/thread.ts';

// `npm start`: migrate, seed an empty database, build the storefront when it is
// missing or stale, then serve API, media and site on one port.
/** One line saying why, not a stack trace: a bad environment or a damaged database is the operator's to fix. */
function refuseStart(error: unknown): never {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  refuseStart(error);
}
setLogLevel(config.logLevel);
let store: Awaited<ReturnType<typeof openStore>>;
try {
  store = await openStore(config);
} catch (error) {
  if (!(error instanceof StartRefused)) throw error;
  refuseStart(error);
}
const { db } = store;
if (store.seeding === 'seeded') log.info('new database: demo catalogue and administrator seeded');
if (store.seeding === 'refused-existing-empty') {
  log.warn(
    `${describeDatabase(config.database)} existed and holds no store: not seeding the demo over a database this start did not create (remove the file, or on PostgreSQL drop and create the database, for a demo store; or npm run restore -- --from DIR)`,
  );
}
const building = config.siteBuild === 'auto';
const rebuilder = createSiteRebuilder(config, db);
if (building) {
  // The published build (from the bucket), or a build of our own under the build lease;
  // then a look every few seconds for builds and changes made through other instances.
  log.info('preparing the storefront…');
  await rebuilder.ready();
  rebuilder.watch();
}
// SITE_BUILD=skip still marks the catalogue changed, so the next normal start rebuilds.
const onCatalogueChange = building ? rebuilder.schedule : () => void bumpCatalogueVersion(db).catch(() => undefined);
// PostgreSQL: the shoppers' cart, orders and payments on a thread of their own (api/lane/lane.ts).
const lane = config.database.engine === 'postgres'
  ? await startLane({ onStockChange: (pcIds, rows) => void noteStockChange(db, pcIds, rows).catch(() => undefined), onCatalogueChange })
  : undefined;
if (lane) watchLaneQueue(lane.inFlight);
const app = createApp({ db, config, onCatalogueChange }, { lane: lane?.middleware });

// A visitor's kept catalogue answer is sent from Node's request event, ahead of the app (see there).
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, createServer: keptAnswersServer({ db, config }) }, (info) => {
  log.info(`Aurum Jewels is open on http://localhost:${info.port} (API docs at /docs)`);
});
// Payments left open (a crash, a closed tab, a lost webhook) settled as an order or a refund, refunds
// not accepted yet asked again: now and every PAYMENT_RECONCILE_SECONDS, one instance at a time (a lease).
const reconcile = () => void reconcileOnce({ db, config }).catch((error) => log.error({ err: error }, 'payments: reconciliation failed'));
reconcile();
setInterval(reconcile, config.paymentReconcileMs).unref();
// What the outbox holds (e-mail, SMS, webhooks) sent outside any request, each message by one instance, on a
// thread of its own so rendering and sending never take the shoppers' event loop (issue 35).
const dispatcher = startDispatcherThread();
// Keep-alive, header, body and idle-socket timeouts, with the reasons for each number: api/timeouts.ts.
if ('keepAliveTimeout' in server) applyTimeouts(server);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close(async () => {
      await rebuilder.stop();
      await lane?.stop();
      await dispatcher.stop();
      await db.destroy();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
