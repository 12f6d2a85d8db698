import type { RouteHandler } from '@hono/zod-openapi';
import type { DB } from '../../../db/connection.ts';
import {
  currentMetalRates,
  type MetalRates,
  metalRateHistory,
  type NewRates,
  planRepricing,
  type RepricePlan,
  type Repricing,
  setMetalRates,
  withNames,
} from '../../../db/queries/metal-rates.ts';
import { staffPolicy } from '../../../db/queries/shop-settings.ts';
import type { AppEnv } from '../../context.ts';
import { ok } from '../../errors.ts';
import { conflictError } from '../../../rules/errors.ts';
import { toMajor } from '../../../rules/money.ts';
import { changePercent, checkRates, mustConfirm, type RateCheck, rateConfirmationMessage, rateWarning } from '../../../rules/rate-guard.ts';
import { lowStock } from '../../../db/queries/stock.ts';
import type { getLowStock, getMetalRateHistory, getMetalRates, previewMetalRates, setMetalRates as setMetalRatesRoute } from './metal-rates.routes.ts';

/** Paise to rupees throughout an answer. */
function ratesView(rates: MetalRates) {
  return {
    rates: rates.rates.map((r) => ({ ...r, inr_per_gram: r.inr_per_gram === null ? null : toMajor(r.inr_per_gram) })),
    usd_inr: rates.usd_inr === null ? null : toMajor(rates.usd_inr),
    updatedAt: rates.updatedAt,
  };
}

function rowView(row: Repricing) {
  return {
    pc_id: row.pc_id,
    p_id: row.p_id,
    name: row.name,
    carat_id: row.carat_id,
    carat: row.carat,
    old_inr: toMajor(row.old_inr),
    new_inr: toMajor(row.new_inr),
    old_usd: toMajor(row.old_usd),
    new_usd: toMajor(row.new_usd),
  };
}

/** The guard's check of new rates against the rates in force and the owner's threshold (rules/rate-guard.ts). */
async function checkAgainstNow(db: DB, next: NewRates) {
  const [now, policy] = await Promise.all([currentMetalRates(db), staffPolicy(db)]);
  return { check: checkRates(now, next, policy.rateChangePercent), threshold: policy.rateChangePercent };
}

/** What the guard says of a plan, in rupees: whether to confirm, the warning, the moves, the order, the largest change. */
function guardView({ check, threshold }: { check: RateCheck; threshold: number }, plan: RepricePlan, largest: Repricing | null) {
  return {
    confirm_required: check.confirmRequired,
    warning: rateWarning(check, largest, plan.rows.length),
    threshold_percent: threshold,
    rate_changes: check.moves.map((m) => ({ ...m, from: toMajor(m.from), to: toMajor(m.to) })),
    out_of_order: check.outOfOrder.map(({ lower, higher }) => ({ lower: { ...lower, rate: toMajor(lower.rate) }, higher: { ...higher, rate: toMajor(higher.rate) } })),
    largest_change: largest && { inr: toMajor(largest.new_inr - largest.old_inr), percent: changePercent(largest.old_inr, largest.new_inr) },
  };
}

/**
 * Refuses rates the guard asks to confirm (409, nothing saved), with what saving
 * them would do. The plan is worked out only then: an ordinary day costs one read.
 */
async function refuseUnconfirmed(db: DB, next: NewRates): Promise<void> {
  const checked = await checkAgainstNow(db, next);
  if (!mustConfirm(checked.check, false)) return;
  const plan = await planRepricing(db, next);
  const [largest = null] = await withNames(db, plan.largest ? [plan.largest] : []);
  const guard = guardView(checked, plan, largest);
  throw conflictError(rateConfirmationMessage(guard.warning ?? ''), {
    repriced: plan.rows.length,
    changed: plan.changed,
    products: plan.products,
    largest: largest && rowView(largest),
    ...guard,
  });
}

export const getMetalRatesHandler: RouteHandler<typeof getMetalRates, AppEnv> = async (c) =>
  ok(c, 'Metal rates.', ratesView(await currentMetalRates(c.var.deps.db)));

export const setMetalRatesHandler: RouteHandler<typeof setMetalRatesRoute, AppEnv> = async (c) => {
  const { deps } = c.var;
  const { confirm = false, ...next } = c.req.valid('json');
  if (!confirm) await refuseUnconfirmed(deps.db, next);
  const applied = await setMetalRates(deps.db, next);
  deps.onCatalogueChange();
  const n = applied.rows.length;
  const message = `Rates saved. ${n} carat ${n === 1 ? 'row' : 'rows'} repriced.${n > 0 && applied.changed === 0 ? ' No price changed.' : ''}`;
  return ok(c, message, {
    repriced: n,
    changed: applied.changed,
    products: applied.products,
    largest: applied.largest && rowView((await withNames(deps.db, [applied.largest]))[0]),
    rates: ratesView(await currentMetalRates(deps.db)),
  });
};

export const previewMetalRatesHandler: RouteHandler<typeof previewMetalRates, AppEnv> = async (c) => {
  const { page = 1, perPage = 50, ...rates } = c.req.valid('json');
  const { db } = c.var.deps;
  const plan = await planRepricing(db, rates);
  const sorted = [...plan.rows].sort((a, b) => Math.abs(b.new_inr - b.old_inr) - Math.abs(a.new_inr - a.old_inr) || a.pc_id - b.pc_id);
  const shown = sorted.slice((page - 1) * perPage, page * perPage);
  // Only the rows shown (and the largest change) are named.
  const named = await withNames(db, plan.largest ? [...shown, plan.largest] : shown);
  const largest = plan.largest ? named[shown.length] : null;
  return ok(c, plan.changed === 0 ? 'These rates change no price.' : 'What these rates would reprice.', {
    repriced: plan.rows.length,
    changed: plan.changed,
    products: plan.products,
    largest: largest && rowView(largest),
    changes: named.slice(0, shown.length).map(rowView),
    totalCount: sorted.length,
    ...guardView(await checkAgainstNow(db, rates), plan, largest),
  });
};

export const getMetalRateHistoryHandler: RouteHandler<typeof getMetalRateHistory, AppEnv> = async (c) => {
  const history = await metalRateHistory(c.var.deps.db, c.req.valid('query').limit);
  return ok(
    c,
    'Metal rate history.',
    history.map((h) => ({ ...h, usd_inr: toMajor(h.usd_inr), rates: h.rates.map((r) => ({ ...r, inr_per_gram: toMajor(r.inr_per_gram) })) })),
  );
};

export const getLowStockHandler: RouteHandler<typeof getLowStock, AppEnv> = async (c) => {
  const { atMost, limit } = c.req.valid('query');
  const rows = await lowStock(c.var.deps.db, atMost, limit);
  return ok(c, 'Low stock.', rows.map((r) => ({ ...r, stock: r.stock ?? 0 })));
};
