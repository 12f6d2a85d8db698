/**
 * GET /reports/stock (issue 37): what is in stock, valued at today's rate. A
 * rate-priced carat row is priced as checkout would price it now (rules/pricing.ts
 * priceByRate: metal, making, stones, GST); a fixed-price row (or a rate row whose
 * carat has no rate yet) at its listed rupee price, unsplit. Made-to-order rows
 * (stock null) hold no stock: their open orders are the backlog.
 */

import { sql } from 'kysely';
import type { DB } from '../../connection.ts';
import { currentMetalRates } from '../metal-rates.ts';
import { lowStock } from '../stock.ts';
import { isoTimestamp } from '../../time.ts';
import { inRupees, num } from './sql.ts';
import { toMajor } from '../../../rules/money.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
import { priceByRate } from '../../../rules/pricing.ts';
import { LOW_STOCK_AT } from '../../../rules/reports.ts';

interface Value {
  metal: number;
  making: number;
  stones: number;
  value: number;
}

export async function stockReport(db: DB) {
  const [rates, rows, backlog, low] = await Promise.all([
    currentMetalRates(db),
    db
      .selectFrom('product_carats as pc')
      .innerJoin('carats as k', 'k.carat_id', 'pc.carat_id')
      .select(['k.name as carat', 'pc.carat_id', 'pc.pricing', 'pc.net_weight_mg', 'pc.making_type', 'pc.making_value', 'pc.stone_value', 'pc.stock', 'pc.inr_price'])
      .where('pc.stock', '>', 0)
      .execute(),
    sql<Record<string, unknown>>`
      select count(distinct o.o_id) as orders, sum(i.quantity) as pieces,
        sum(cast(i.quantity as bigint) * coalesce(i.net_weight_mg, 0)) as mg,
        sum(${inRupees(sql.ref('i.line_total'))}) as value, min(o.created_at) as oldest
      from orders o join order_items i on i.o_id = o.o_id
      where o.status in (${sql.lit(ORDER_STATUS.pending)}, ${sql.lit(ORDER_STATUS.processing)}) and i.lead_time_days is not null`.execute(db),
    lowStock(db, LOW_STOCK_AT, 50),
  ]);
  const rateOf = new Map(rates.rates.map((r) => [r.carat_id, r.inr_per_gram]));
  const byCarat = new Map<string, Value & { rows: number; pieces: number; mg: number; fixed_price_pieces: number }>();
  for (const row of rows) {
    const stock = Number(row.stock);
    const have = byCarat.get(row.carat) ?? { metal: 0, making: 0, stones: 0, value: 0, rows: 0, pieces: 0, mg: 0, fixed_price_pieces: 0 };
    have.rows += 1;
    have.pieces += stock;
    have.mg += stock * Number(row.net_weight_mg ?? 0);
    const rate = rateOf.get(row.carat_id);
    if (row.pricing === 'rate' && rate && row.net_weight_mg !== null && row.making_type !== null && row.making_value !== null) {
      const p = priceByRate(
        { netWeightMg: Number(row.net_weight_mg), makingType: row.making_type, makingValue: Number(row.making_value), stoneValue: Number(row.stone_value ?? 0) },
        rate,
      );
      have.metal += stock * p.metal;
      have.making += stock * p.making;
      have.stones += stock * p.stones;
      have.value += stock * p.total;
    } else {
      have.fixed_price_pieces += stock;
      have.value += stock * Number(row.inr_price);
    }
    byCarat.set(row.carat, have);
  }
  const carats = [...byCarat.entries()].sort(([a], [b]) => b.localeCompare(a, 'en', { numeric: true }));
  const sum = (key: 'metal' | 'making' | 'stones' | 'value' | 'pieces' | 'mg') => carats.reduce((t, [, v]) => t + v[key], 0);
  const b = backlog.rows[0] ?? {};
  return {
    at: new Date().toISOString(),
    rates: rates.rates.map((r) => ({ carat: r.name, inr_per_gram: r.inr_per_gram === null ? null : toMajor(r.inr_per_gram), set_at: r.updatedAt })),
    by_carat: carats.map(([carat, v]) => ({
      carat, rows: v.rows, pieces: v.pieces, grams: v.mg / 1000, fixed_price_pieces: v.fixed_price_pieces,
      metal: toMajor(v.metal), making: toMajor(v.making), stones: toMajor(v.stones), value: toMajor(v.value),
    })),
    totals: {
      pieces: sum('pieces'), grams: sum('mg') / 1000,
      metal: toMajor(sum('metal')), making: toMajor(sum('making')), stones: toMajor(sum('stones')), value: toMajor(sum('value')),
    },
    made_to_order: {
      orders: num(b.orders), pieces: num(b.pieces), grams: num(b.mg) / 1000, value: toMajor(num(b.value)),
      oldest_placed_at: b.oldest ? isoTimestamp(String(b.oldest)) : null,
    },
    low_stock: low.map((r) => ({ pc_id: r.pc_id, p_id: r.p_id, name: r.name, carat: r.carat, stock: Number(r.stock) })),
  };
}
