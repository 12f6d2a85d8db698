import { useEffect, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { toMinor } from '../../../rules/money.ts';
import {
  NON_RETURNABLE_KINDS,
  type NonReturnableKind,
  policyWords,
  type ReturnShippingPayer,
  type ShopPolicy,
  shopPolicyProblems,
} from '../../../rules/shop-policy.ts';
import { SaveCard } from '../components/Card.tsx';
import { Field, TextField } from '../components/Field.tsx';
import { useSave } from '../hooks/useSave.ts';

type PolicyView = components['schemas']['ShopPolicy'];

/** The numbers of the policy, typed as text; the rest as they are. */
const NUMBER_FIELDS = [
  'cancel_window_hours',
  'return_window_hours',
  'defect_report_hours',
  'partial_refund_percent',
  'return_shipping_charge',
  'refund_days_min',
  'refund_days_max',
  'exchange_metal_percent',
  'exchange_stone_percent',
  'exchange_making_percent',
  'buyback_metal_percent',
  'buyback_stone_percent',
  'buyback_making_percent',
  'quote_valid_days',
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

type Draft = Record<NumberField, string> & {
  return_conditions: string;
  non_returnable_kinds: NonReturnableKind[];
  partial_refund_collection: string;
  return_shipping_paid_by: ReturnShippingPayer;
  shipping_refunded: boolean;
  exchange_allowed: boolean;
};

const draftOf = (view: PolicyView): Draft => ({
  ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(view[f])])) as Record<NumberField, string>),
  return_conditions: view.return_conditions,
  non_returnable_kinds: [...view.non_returnable_kinds],
  partial_refund_collection: view.partial_refund_collection,
  return_shipping_paid_by: view.return_shipping_paid_by,
  shipping_refunded: view.shipping_refunded,
  exchange_allowed: view.exchange_allowed,
});

/** The draft as a policy (money in paise), NaN where a number is not one: the shared validator says what is wrong. */
function policyOf(draft: Draft): ShopPolicy {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(/,/g, '')));
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, number(draft[f])])) as Record<NumberField, number>;
  return { ...draft, ...numbers, return_shipping_charge: Number.isFinite(numbers.return_shipping_charge) ? toMinor(numbers.return_shipping_charge) : Number.NaN };
}

/** The API's body: rupees for the charge. */
const bodyOf = (policy: ShopPolicy) => ({ ...policy, return_shipping_charge: policy.return_shipping_charge / 100 });

const KIND_LABELS: Record<NonReturnableKind, string> = { custom: 'Custom (made to order)', engraved: 'Engraved', personalised: 'Personalised' };

/**
 * The owner's shop policy (issue 36): what the refund, shipping and terms pages say, what the
 * product pages promise and what the returns desk applies: windows, conditions, the pieces that
 * cannot be returned, the partial-refund collection, return shipping, refunds, and the exchange
 * and buy-back rates (GET /getshoppolicy, PUT /setshoppolicy). Checked here with the server's
 * own rules (rules/shop-policy.ts); the policy in words is shown as the pages will say it.
 */
export function PolicyScreen() {
  const [view, setView] = useState<PolicyView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  const load = async () => {
    const answer = await api.get('/getshoppolicy');
    if (answer.status === 1 && answer.data) {
      setView(answer.data);
      setDraft(draftOf(answer.data));
      setTried(false);
    }
  };
  const { busy, save } = useSave(() => void load());

  useEffect(() => {
    void load();
  }, []);

  if (!view || !draft) {
    return (
      <section className="admin-card admin-policy" aria-label="Shop policy">
        <p className="admin-empty">Loading the shop policy…</p>
      </section>
    );
  }

  const policy = policyOf(draft);
  const problems = shopPolicyProblems(policy);
  const errorOf = (field: keyof ShopPolicy) => (tried ? (problems.find((p) => p.field === field)?.message ?? null) : null);
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(view));
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const number = (field: NumberField, label: string, hint?: string) => (
    <TextField id={`policy-${field}`} label={label} hint={hint} value={draft[field]} onValue={(value) => set({ [field]: value } as Partial<Draft>)} error={errorOf(field)} inputMode="decimal" maxLength={8} />
  );
  const submit = () => {
    setTried(true);
    if (problems.length > 0) return;
    void save(() => api.put('/setshoppolicy', bodyOf(policy)), 'The shop policy could not be saved.');
  };
  const words = problems.length === 0 ? policyWords(policy) : null;

  return (
    <div className="admin-policy">
      <SaveCard id="shop-policy" title="Returns, exchange and buy-back" saveLabel="Save policy" busy={busy} changed={changed} onSave={submit}>
        <p className="admin-hint">The refund, shipping and terms pages and every product page say these values, and the returns desk applies them. The pages change when the site is next rebuilt, within a minute or two of saving.</p>
        <fieldset className="admin-policy__group">
          <legend>Time limits</legend>
          <div className="admin-policy__row">
            {number('cancel_window_hours', 'Cancel within (hours of placing)')}
            {number('return_window_hours', 'Return within (hours of delivery)', '0: no returns unless defective. 168 hours is 7 days.')}
            {number('defect_report_hours', 'Report damage within (hours of delivery)')}
          </div>
        </fieldset>
        <fieldset className="admin-policy__group">
          <legend>What may be returned</legend>
          <TextField id="policy-return_conditions" label="Condition of a returned piece" value={draft.return_conditions} onValue={(return_conditions) => set({ return_conditions })} error={errorOf('return_conditions')} multiline rows={3} maxLength={500} />
          <Field id="policy-kinds" label="Cannot be returned unless defective" group error={errorOf('non_returnable_kinds')}>
            <div className="admin-policy__checks">
              {NON_RETURNABLE_KINDS.map((kind) => (
                <label key={kind} className="admin-check">
                  <input
                    type="checkbox"
                    checked={draft.non_returnable_kinds.includes(kind)}
                    onChange={(event) => set({ non_returnable_kinds: event.target.checked ? [...draft.non_returnable_kinds, kind] : draft.non_returnable_kinds.filter((k) => k !== kind) })}
                  />
                  {KIND_LABELS[kind]}
                </label>
              ))}
            </div>
          </Field>
          <div className="admin-policy__row">
            <TextField id="policy-partial_refund_collection" label="Partial-refund collection" value={draft.partial_refund_collection} onValue={(partial_refund_collection) => set({ partial_refund_collection })} error={errorOf('partial_refund_collection')} maxLength={60} hint="A product is put in it from its form." />
            {number('partial_refund_percent', 'Part of the price refunded (%)')}
          </div>
        </fieldset>
        <fieldset className="admin-policy__group">
          <legend>Return shipping and refunds</legend>
          <div className="admin-policy__row">
            <Field id="policy-return_shipping_paid_by" label="Return shipping is paid by" hint="A defective or wrong piece: always the shop." error={errorOf('return_shipping_paid_by')}>
              <select id="policy-return_shipping_paid_by" value={draft.return_shipping_paid_by} onChange={(event) => set({ return_shipping_paid_by: event.target.value as ReturnShippingPayer })}>
                <option value="customer">The customer</option>
                <option value="shop">The shop</option>
              </select>
            </Field>
            {number('return_shipping_charge', 'Deducted for return shipping (₹)', '0: the customer sends it back at their own cost.')}
          </div>
          <div className="admin-policy__row">
            {number('refund_days_min', 'Refund takes at least (business days)')}
            {number('refund_days_max', 'and at most (business days)')}
          </div>
          <label className="admin-check">
            <input type="checkbox" checked={draft.shipping_refunded} onChange={(event) => set({ shipping_refunded: event.target.checked })} />
            Shipping charges are refunded with the pieces
          </label>
        </fieldset>
        <fieldset className="admin-policy__group">
          <legend>Exchange and buy-back (what a piece bought here is worth today)</legend>
          <label className="admin-check">
            <input type="checkbox" checked={draft.exchange_allowed} onChange={(event) => set({ exchange_allowed: event.target.checked })} />
            Eligible pieces may be exchanged
          </label>
          <div className="admin-policy__row">
            {number('exchange_metal_percent', 'Exchange: metal (%)', "Of today's metal value")}
            {number('exchange_stone_percent', 'Exchange: stones (%)')}
            {number('exchange_making_percent', 'Exchange: making (%)')}
          </div>
          <div className="admin-policy__row">
            {number('buyback_metal_percent', 'Buy-back: metal (%)', "Of today's metal value")}
            {number('buyback_stone_percent', 'Buy-back: stones (%)')}
            {number('buyback_making_percent', 'Buy-back: making (%)')}
          </div>
          {number('quote_valid_days', 'A quote holds for (days)')}
        </fieldset>
        <section className="admin-policy__words" aria-label="The policy in words">
          <h3>As the pages will say it</h3>
          {words ? (
            <ul>
              {Object.values(words)
                .filter((sentence): sentence is string => Boolean(sentence))
                .map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
            </ul>
          ) : (
            <p className="admin-hint">Correct the values marked to see the policy in words.</p>
          )}
        </section>
      </SaveCard>
    </div>
  );
}
