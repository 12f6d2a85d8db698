/**
 * A buy-back request's quote in its own columns (issue 36, returns.quote_*): what the server
 * valued the pieces at when the shopper asked (rules/buyback.ts requestQuote), kept so the desk
 * sees it and pays it, whatever the rate does meanwhile. Money: metal value in paise, payout in
 * minor units of the return's currency.
 */
import type { DB } from '../connection.ts';
import { isoTimestamp, utcTimestamp } from '../time.ts';
import type { RequestQuote } from '../../rules/buyback.ts';

/** Keeps a request's quote (in the request's transaction). */
export async function recordBuybackQuote(trx: DB, r_id: number, quote: RequestQuote): Promise<void> {
  await trx
    .updateTable('returns')
    .set({
      quote_rate_inr_per_gram: quote.ratePaisePerGram,
      quote_rate_at: quote.rateAt === null ? null : utcTimestamp(new Date(quote.rateAt)),
      quote_metal_value: quote.metalValue,
      quote_payout: quote.payout,
      quote_valid_until: utcTimestamp(new Date(quote.validUntil)),
    })
    .where('r_id', '=', r_id)
    .execute();
}

/** A request's kept quote (times ISO 8601), or null when none was kept (not a buy-back, or asked before quotes were kept, or not valued). */
export function keptBuybackQuote(row: {
  quote_rate_inr_per_gram: number | string | null;
  quote_rate_at: string | null;
  quote_metal_value: number | string | null;
  quote_payout: number | string | null;
  quote_valid_until: string | null;
}): RequestQuote | null {
  if (row.quote_payout === null || row.quote_metal_value === null || row.quote_valid_until === null) return null;
  return {
    ratePaisePerGram: row.quote_rate_inr_per_gram === null ? null : Number(row.quote_rate_inr_per_gram),
    rateAt: row.quote_rate_at === null ? null : isoTimestamp(row.quote_rate_at),
    metalValue: Number(row.quote_metal_value),
    payout: Number(row.quote_payout),
    validUntil: isoTimestamp(row.quote_valid_until),
  };
}

/** The kept quote of a return, by id. */
export async function buybackQuoteOf(db: DB, r_id: number): Promise<RequestQuote | null> {
  const row = await db
    .selectFrom('returns')
    .select(['quote_rate_inr_per_gram', 'quote_rate_at', 'quote_metal_value', 'quote_payout', 'quote_valid_until'])
    .where('r_id', '=', r_id)
    .executeTakeFirst();
  return row ? keptBuybackQuote(row) : null;
}
