/**
 * The guard against a slip in the day's metal rates (issue 34): a 22K rate typed
 * as 73600 instead of 7360 reprices the catalogue tenfold, and one typed as 736
 * sells at a tenth of the price. New rates need the owner's confirmation when
 *
 * - a rate moves by more than the owner's threshold (StaffPolicy.rateChangePercent,
 *   5% unless set) from the rate in force: a carat's rupees per gram, or the
 *   rupees per dollar. A carat without a rate yet (its first setting) moves from
 *   nothing, so no threshold applies to it;
 * - purer gold would not cost more than less pure gold: each purity's rate must be
 *   below the next purer one's (14K < 18K < 22K < 24K, by rules/tax.ts finenessOf;
 *   carats whose name carries no purity are left out), checked only for pairs of
 *   which this change moves a rate, so an old disorder does not ask again each day.
 *
 * Amounts are paise (per gram, per dollar), as db/queries/metal-rates.ts keeps them.
 */

import { formatMoney, toMajor } from './money.ts';
import { finenessOf } from './tax.ts';

/** A carat's rate in force (paise per gram; null before its first setting). */
export interface RateInForce {
  carat_id: number;
  name: string;
  inr_per_gram: number | null;
}

export interface RatesNow {
  rates: readonly RateInForce[];
  /** Paise per dollar; null before the first setting. */
  usd_inr: number | null;
}

export interface NewRatesGiven {
  rates: readonly { carat_id: number; inr_per_gram: number }[];
  usd_inr: number;
}

/** The name the dollar rate goes by in a warning. */
export const DOLLAR_RATE_NAME = 'Rupees per dollar';

/** One rate this change moves from the rate in force. */
export interface RateMove {
  /** The carat; null for the rupees per dollar. */
  carat_id: number | null;
  name: string;
  /** Paise (per gram, or per dollar). */
  from: number;
  to: number;
  /** (to - from) / from, in percent to one decimal: 900, -90, 0.5. */
  percent: number;
  /** Whether it moves by more than the threshold, so needs confirming. */
  large: boolean;
}

/** A purer carat whose rate would not be above a less pure one's. */
export interface RateOrderProblem {
  lower: { carat_id: number; name: string; rate: number };
  higher: { carat_id: number; name: string; rate: number };
}

export interface RateCheck {
  /** Every rate that moves, in the order of the rates in force (the dollar rate last). */
  moves: RateMove[];
  outOfOrder: RateOrderProblem[];
  confirmRequired: boolean;
}

/** (to - from) / from in percent, to one decimal (half away from zero). */
export function changePercent(from: number, to: number): number {
  if (from === 0) return 0;
  const tenths = Math.round((Math.abs(to - from) * 1000) / from);
  return (Math.sign(to - from) * tenths) / 10;
}

/** Whether moving from `from` to `to` is more than `thresholdPercent`, exactly (in basis points). */
export function movesMoreThan(from: number, to: number, thresholdPercent: number): boolean {
  return Math.abs(to - from) * 10_000 > Math.round(thresholdPercent * 100) * from;
}

/** What confirming these rates depends on: the moves, the order of purities, and whether to ask. */
export function checkRates(now: RatesNow, next: NewRatesGiven, thresholdPercent: number): RateCheck {
  const given = new Map(next.rates.map((r) => [r.carat_id, r.inr_per_gram]));
  const moves: RateMove[] = [];
  const move = (carat_id: number | null, name: string, from: number | null, to: number | undefined) => {
    if (from === null || to === undefined || from === to) return;
    moves.push({ carat_id, name, from, to, percent: changePercent(from, to), large: movesMoreThan(from, to, thresholdPercent) });
  };
  for (const r of now.rates) move(r.carat_id, r.name, r.inr_per_gram, given.get(r.carat_id));
  move(null, DOLLAR_RATE_NAME, now.usd_inr, next.usd_inr);

  const outOfOrder = purityOrderProblems(now.rates, given);
  return { moves, outOfOrder, confirmRequired: outOfOrder.length > 0 || moves.some((m) => m.large) };
}

/**
 * Pairs of neighbouring purities (every carat of one purity against every carat of
 * the next purer one that has a rate) whose rates are not increasing after the
 * change, when the change sets either of the two.
 */
function purityOrderProblems(rates: readonly RateInForce[], given: ReadonlyMap<number, number>): RateOrderProblem[] {
  const byFineness = new Map<number, { carat_id: number; name: string; rate: number; set: boolean }[]>();
  for (const r of rates) {
    const fineness = finenessOf(r.name);
    const rate = given.get(r.carat_id) ?? r.inr_per_gram;
    if (fineness === null || rate === null) continue;
    const group = byFineness.get(fineness) ?? [];
    group.push({ carat_id: r.carat_id, name: r.name, rate, set: given.has(r.carat_id) && given.get(r.carat_id) !== r.inr_per_gram });
    byFineness.set(fineness, group);
  }
  const groups = [...byFineness.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
  const problems: RateOrderProblem[] = [];
  for (let i = 1; i < groups.length; i++) {
    for (const lower of groups[i - 1]) {
      for (const higher of groups[i]) {
        if ((lower.set || higher.set) && lower.rate >= higher.rate) {
          problems.push({ lower: { carat_id: lower.carat_id, name: lower.name, rate: lower.rate }, higher: { carat_id: higher.carat_id, name: higher.name, rate: higher.rate } });
        }
      }
    }
  }
  return problems;
}

/** Whether saving must wait: the check asks for confirmation and the caller has not given it. */
export function mustConfirm(check: RateCheck, confirmed: boolean): boolean {
  return check.confirmRequired && !confirmed;
}

/** The row whose rupee price moves most, as the warning names it (paise). */
export interface LargestPriceChange {
  name: string;
  old_inr: number;
  new_inr: number;
}

const rupees = (paise: number) => formatMoney(toMajor(paise), 'INR');

/** "22K rate ₹73,600 is 900% above today's ₹7,360" */
function moveText(m: RateMove): string {
  const what = m.carat_id === null ? m.name : `${m.name} rate`;
  return `${what} ${rupees(m.to)} is ${Math.abs(m.percent)}% ${m.to > m.from ? 'above' : 'below'} today's ${rupees(m.from)}`;
}

/** "18K at ₹7,500 would not be below 22K at ₹7,360" */
function orderText(p: RateOrderProblem): string {
  return `${p.lower.name} at ${rupees(p.lower.rate)} would not be below ${p.higher.name} at ${rupees(p.higher.rate)}`;
}

/**
 * The warning in words, or null when nothing needs confirming: "22K rate ₹73,600
 * is 900% above today's ₹7,360: the Temple Necklace would go from ₹4,29,377 to
 * ₹42,93,765." and how many rows the change reprices.
 */
export function rateWarning(check: RateCheck, largest: LargestPriceChange | null, repriced: number): string | null {
  if (!check.confirmRequired) return null;
  const reasons = [...check.moves.filter((m) => m.large).map(moveText), ...check.outOfOrder.map(orderText)].join('; ');
  const effect = largest ? `: the ${largest.name} would go from ${rupees(largest.old_inr)} to ${rupees(largest.new_inr)}.` : '.';
  const rows = repriced === 0 ? 'No product is priced by these rates yet.' : `Saving reprices ${repriced} carat ${repriced === 1 ? 'row' : 'rows'}.`;
  return `${reasons}${effect} ${rows}`;
}

/** The refusal's sentence: the warning, then what to do. */
export function rateConfirmationMessage(warning: string): string {
  return `${warning} Check the rates; to save them as they are, send them again with confirm: true.`;
}
