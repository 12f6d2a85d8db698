import type { RouteHandler } from '@hono/zod-openapi';
import { currentMetalRates } from '../../../db/queries/metal-rates.ts';
import { ownLineForQuote, saveShopPolicy, shopPolicy } from '../../../db/queries/shop-policy.ts';
import { writeTransaction } from '../../../db/transaction.ts';
import { quotePiece, quoteRefusal, quoteValidUntil, quoteWords, type QuoteSide } from '../../../rules/buyback.ts';
import { conflictError, notFoundError } from '../../../rules/errors.ts';
import { toMajor, toMinor } from '../../../rules/money.ts';
import { policyWords, type ShopPolicy } from '../../../rules/shop-policy.ts';
import type { AppEnv } from '../../context.ts';
import { ok } from '../../errors.ts';
import type { buybackQuote, getShopPolicy, setShopPolicy } from './policy.routes.ts';

/** The policy as the API answers it: money in rupees, and the policy in sentences. */
function policyView(policy: ShopPolicy) {
  return { ...policy, return_shipping_charge: toMajor(policy.return_shipping_charge), words: policyWords(policy) };
}

export const getShopPolicyHandler: RouteHandler<typeof getShopPolicy, AppEnv> = async (c) => ok(c, 'The shop policy.', policyView(await shopPolicy(c.var.deps.db)));

export const setShopPolicyHandler: RouteHandler<typeof setShopPolicy, AppEnv> = async (c) => {
  const { return_shipping_charge, ...body } = c.req.valid('json');
  const { deps } = c.var;
  const saved = await writeTransaction(
    deps.db,
    async (trx) => {
      const change: Partial<ShopPolicy> = { ...body, ...(return_shipping_charge === undefined ? {} : { return_shipping_charge: toMinor(return_shipping_charge) }) };
      return saveShopPolicy(trx, { ...(await shopPolicy(trx)), ...change });
    },
    { name: 'setShopPolicy' },
  );
  // The legal pages and product pages say the policy: rebuilt as after a catalogue change.
  deps.onCatalogueChange();
  return ok(c, 'Shop policy saved. The legal pages and product pages will show it after the site is rebuilt.', policyView(saved));
};

const sideView = (side: QuoteSide) => {
  const line = (l: QuoteSide['metal']) => ({ value: toMajor(l.value), percent: l.percent, amount: toMajor(l.amount) });
  return { metal: line(side.metal), stones: line(side.stones), making: line(side.making), total: toMajor(side.total) };
};

export const buybackQuoteHandler: RouteHandler<typeof buybackQuote, AppEnv> = async (c) => {
  const { oi_id } = c.req.valid('param');
  const { db } = c.var.deps;
  // The owner of the piece only: another account's line is answered as missing, its existence not theirs to learn.
  const line = await ownLineForQuote(db, oi_id, c.var.caller.u_id);
  if (!line) throw notFoundError('Order item not found.');
  const [policy, rates] = await Promise.all([shopPolicy(db), currentMetalRates(db)]);
  const rate = rates.rates.find((r) => r.carat_id === line.carat_id);
  const ratePaisePerGram = rate?.inr_per_gram ?? null;
  const refusal = quoteRefusal({ status: line.status, netWeightMg: line.net_weight_mg, ratePaisePerGram, carat: line.carat_name });
  if (refusal || line.net_weight_mg === null || ratePaisePerGram === null || !rate?.updatedAt) throw conflictError(refusal ?? 'This piece cannot be valued here.');
  const quote = quotePiece({ netWeightMg: line.net_weight_mg, quantity: line.quantity, stonesInr: line.stones_inr, makingInr: line.making_inr }, ratePaisePerGram, policy);
  const carat = line.carat_name ?? rate.name;
  return ok(c, 'What this piece is worth today.', {
    oi_id: line.oi_id,
    o_id: line.o_id,
    name: line.product_name,
    carat,
    quantity: line.quantity,
    net_weight_g: quote.netWeightMg / 1000,
    rate_per_gram: toMajor(ratePaisePerGram),
    rate_time: rate.updatedAt,
    valid_until: quoteValidUntil(new Date(), policy),
    metal_value: toMajor(quote.metalValue),
    exchange: quote.exchange && sideView(quote.exchange),
    buyback: sideView(quote.buyback),
    words: quoteWords(quote, carat, ratePaisePerGram),
  });
};
