import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseLease, renewLease, runOncePerPeriod, takeLease, withLease } from '../../db/leases.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const holders = (n: number) => Array.from({ length: n }, (_, i) => `instance-${i}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leases', () => {
  it('goes to exactly one of ten instances asking at once, and is renewed only by its holder', async () => {
    const won = await Promise.all(holders(10).map((h) => takeLease(store.db, 'race', 60_000, h)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = `instance-${won.indexOf(true)}`;
    const loser = winner === 'instance-0' ? 'instance-1' : 'instance-0';
    expect(await takeLease(store.db, 'race', 60_000, winner)).toBe(true); // ours: renewed
    expect(await takeLease(store.db, 'race', 60_000, loser)).toBe(false);
    expect(await renewLease(store.db, 'race', 60_000, loser)).toBe(false);
    expect(await renewLease(store.db, 'race', 60_000, winner)).toBe(true);
    await releaseLease(store.db, 'race', loser); // not its to give back
    expect(await takeLease(store.db, 'race', 60_000, loser)).toBe(false);
    await releaseLease(store.db, 'race', winner);
    expect(await takeLease(store.db, 'race', 60_000, loser)).toBe(true);
  });

  it('is taken over once its holder stops renewing it (a dead instance)', async () => {
    expect(await takeLease(store.db, 'expiring', 50, 'dead')).toBe(true);
    expect(await takeLease(store.db, 'expiring', 60_000, 'alive')).toBe(false);
    await sleep(80);
    expect(await takeLease(store.db, 'expiring', 60_000, 'alive')).toBe(true);
    expect(await renewLease(store.db, 'expiring', 60_000, 'dead')).toBe(false);
  });

  it('withLease runs the work of one holder at a time, renews while it runs, and gives the lease back', async () => {
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await sleep(300); // longer than the lease: kept by renewal
      inside -= 1;
      return 'built';
    };
    const results = await Promise.all(holders(10).map((h) => withLease(store.db, 'build', 150, work, h)));
    expect(results.filter((r) => r?.value === 'built')).toHaveLength(1);
    expect(most).toBe(1);
    // Given back: the next asker gets it at once.
    expect(await takeLease(store.db, 'build', 60_000, 'next')).toBe(true);
  });

  it('withLease tells the work when the lease was lost to another holder', async () => {
    const outcome = withLease(
      store.db,
      'lost',
      90,
      (signal) =>
        new Promise<string>((resolve) => {
          signal.addEventListener('abort', () => resolve('stopped'), { once: true });
          setTimeout(() => resolve('finished'), 20_000);
        }),
      'slow',
    );
    // Another holder takes the row over (as after an expiry the slow one did not see), once
    // the slow one holds it (a loaded machine may take a while to get there).
    const holder = () => store.db.selectFrom('leases').select('holder').where('name', '=', 'lost').executeTakeFirst();
    while ((await holder())?.holder !== 'slow') await sleep(10);
    await store.db.updateTable('leases').set({ holder: 'thief', expires_at: Date.now() + 60_000 }).where('name', '=', 'lost').execute();
    expect((await outcome)?.value).toBe('stopped');
  });

  it('runs a periodic job on one of ten instances per period', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
    };
    const ran = await Promise.all(holders(10).map((h) => runOncePerPeriod(store.db, 'refund-retry', 200, job, h)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // The same instance does not run it again early either.
    expect(await runOncePerPeriod(store.db, 'refund-retry', 200, job, `instance-${ran.indexOf(true)}`)).toBe(false);
    await sleep(200);
    const next = await Promise.all(holders(10).map((h) => runOncePerPeriod(store.db, 'refund-retry', 200, job, h)));
    expect(next.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
  });
});
