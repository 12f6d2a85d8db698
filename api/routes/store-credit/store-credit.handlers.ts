import type { RouteHandler } from '@hono/zod-openapi';
import { storeCreditBalance, storeCreditEntries } from '../../../db/queries/store-credit.ts';
import { isoTimestamp } from '../../../db/time.ts';
import { toMajor } from '../../../rules/money.ts';
import { storeCreditBalanceText, storeCreditEntryText } from '../../../rules/store-credit.ts';
import type { AppEnv } from '../../context.ts';
import { ok } from '../../errors.ts';
import type { getStoreCredit } from './store-credit.routes.ts';

export const getStoreCreditHandler: RouteHandler<typeof getStoreCredit, AppEnv> = async (c) => {
  const { db } = c.var.deps;
  const u_id = c.var.caller.u_id;
  const [balance, entries] = await Promise.all([storeCreditBalance(db, u_id), storeCreditEntries(db, u_id)]);
  return ok(c, 'Your store credit.', {
    balance: toMajor(balance),
    currency: 'INR' as const,
    balance_text: storeCreditBalanceText(balance),
    entries: entries.map((e) => ({
      sce_id: e.sce_id,
      kind: e.kind,
      amount: toMajor(e.amount),
      balance_after: toMajor(e.balance_after),
      r_id: e.r_id,
      o_id: e.o_id,
      text: storeCreditEntryText(e),
      created_at: isoTimestamp(e.created_at),
    })),
  });
};
