import type { RouteHandler } from '@hono/zod-openapi';
import { currentMetalRates, type MetalRates, metalRateHistory, planRepricing, type Repricing, setMetalRates, withNames } from '../../../db/queries/metal-rates.ts';
import type { AppEnv } from '../../context.ts';
import { ok } from '../../errors.ts';
import { toMajor } from '../../../rules/money.ts';
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

export const getMetalRatesHandler: RouteHandler<typeof getMetalRates, AppEnv> = async (c) =>
  ok(c, 'Metal rates.', ratesView(await currentMetalRates(c.var.deps.db)));

export const setMetalRatesHandler: RouteHandler<typeof setMetalRatesRoute, AppEnv> = async (c) => {
  const { deps } = c.var;
  const applied = await setMetalRates(deps.db, c.req.valid('json'));
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
  return ok(c, plan.changed === 0 ? 'These rates change no price.' : 'What these rates would reprice.', {
    repriced: plan.rows.length,
    changed: plan.changed,
    products: plan.products,
    largest: plan.largest ? rowView(named[shown.length]) : null,
    changes: named.slice(0, shown.length).map(rowView),
    totalCount: sorted.length,
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
