import { formatMoney, toMajor, toMinor } from '../../../rules/money.ts';
import { GST_RATE_TEXT, piecePriceProblem, priceRow } from '../../../rules/pricing.ts';
import type { Carat } from '../types.ts';
import { readRateRow } from '../validation.ts';
import type { CaratRow, MetalRates } from './caratRows.ts';

const inr = (paise: number) => formatMoney(toMajor(paise), 'INR');
const usd = (cents: number) => formatMoney(toMajor(cents), 'USD');

/**
 * The price a rate-priced row gets at today's rates, worked out as the owner
 * types by the very function the server prices it with (rules/pricing.ts
 * priceRow), with the rates of GET /getmetalrates.
 */
export function LivePrice({ row, carats, rates }: { row: CaratRow; carats: Carat[]; rates: MetalRates | null | 'failed' }) {
  const id = `product-live-${row.key}`;
  const say = (message: string, tone: 'muted' | 'warn' = 'muted') => (
    <p className={`admin-live-price admin-live-price--${tone}`} id={id} role="status" data-testid="live-price">
      {message}
    </p>
  );
  if (rates === 'failed') return say("Today's rates could not be loaded: the price is worked out when you save.", 'warn');
  if (rates === null) return say("Loading today's rates…");
  if (row.carat_id === '') return say('Choose a carat to see the price at today’s rate.');
  const caratName = carats.find((c) => String(c.carat_id) === row.carat_id)?.name ?? 'this carat';
  const rate = rates.rates.find((r) => String(r.carat_id) === row.carat_id)?.inr_per_gram ?? null;
  if (rate === null || rates.usd_inr === null) {
    return say(`No rate is set for ${caratName} yet. Set it under Metal Rates first, or give this row a fixed price.`, 'warn');
  }
  const { recipe } = readRateRow(row);
  if (!recipe) return say(`Enter the net weight and making charge to see the price at today’s ${caratName} rate.`);
  const priced = priceRow(recipe, toMinor(rate), toMinor(rates.usd_inr));
  // The server refuses such a row: say so as it is typed, in the server's words.
  const tooDear = piecePriceProblem(`At today's ${caratName} rate this row`, priced);
  if (tooDear) return say(`${tooDear} Lower its net weight, making charge or stone value, or give it a fixed price.`, 'warn');
  const b = priced.breakup;
  return (
    <div className="admin-live-price" id={id} role="status" data-testid="live-price">
      <p className="admin-live-price__total">
        Price today: <strong data-testid="live-inr">{inr(priced.inr_price)}</strong> · <strong data-testid="live-usd">{usd(priced.usd_price)}</strong> export, without GST
      </p>
      <p className="admin-live-price__parts">
        Gold {recipe.netWeightMg / 1000} g × {formatMoney(rate, 'INR')}/g = {inr(b.metal)} · making {inr(b.making)}
        {b.stones > 0 ? ` · stones ${inr(b.stones)}` : ''} · GST {GST_RATE_TEXT} {inr(b.gst)}
        {b.roundOff !== 0 ? ` · rounded ${b.roundOff > 0 ? '+' : '−'}${inr(Math.abs(b.roundOff))}` : ''}. At {formatMoney(rates.usd_inr, 'INR')} to the dollar; repriced whenever the rate changes.
      </p>
    </div>
  );
}
