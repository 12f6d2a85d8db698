import { useEffect, useState } from 'react';
import { formatMoney } from '../../../rules/money.ts';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { SaveCard } from '../components/Card.tsx';
import { TextField } from '../components/Field.tsx';
import { useSave } from '../hooks/useSave.ts';

type Policy = components['schemas']['StaffPolicy'];

interface Draft {
  refund: string;
  percent: string;
  catalogueRates: boolean;
}

const draftOf = (policy: Policy): Draft => ({ refund: String(policy.refund_limit), percent: String(policy.rate_change_percent), catalogueRates: policy.catalogue_sets_rates });

/** A typed amount as a number, or null when it is not one. */
function numberOf(text: string): number | null {
  const value = Number(text.trim().replace(/,/g, ''));
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
}

/**
 * The owner's staff settings: the largest refund the order desk may make by cancelling a paid
 * order, the metal-rate change that must be confirmed, and whether the catalogue role may set
 * the rates (GET /getstaffsettings, PUT /setstaffsettings). The server's refusal is shown as sent.
 */
export function StaffSettings() {
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<{ refund?: string | null; percent?: string | null }>({});
  const load = async () => {
    const answer = await api.get('/getstaffsettings');
    if (answer.status === 1 && answer.data) {
      setPolicy(answer.data);
      setDraft(draftOf(answer.data));
    }
  };
  const { busy, save } = useSave(() => void load());

  useEffect(() => {
    void load();
  }, []);

  if (!policy || !draft) {
    return (
      <section className="admin-card admin-staff-settings" aria-label="Staff settings">
        <p className="admin-empty">Loading the staff settings…</p>
      </section>
    );
  }

  const refund = numberOf(draft.refund);
  const percent = numberOf(draft.percent);
  const changed = refund !== policy.refund_limit || percent !== policy.rate_change_percent || draft.catalogueRates !== policy.catalogue_sets_rates;
  const submit = () => {
    const found = {
      refund: refund === null || refund < 0 ? 'Enter an amount in rupees (0 or more).' : null,
      percent: percent === null || percent < 0.1 || percent > 100 ? 'Enter a percentage from 0.1 to 100.' : null,
    };
    setErrors(found);
    if (found.refund || found.percent || refund === null || percent === null) return;
    void save(() => api.put('/setstaffsettings', { refund_limit: refund, rate_change_percent: percent, catalogue_sets_rates: draft.catalogueRates }), 'The staff settings could not be saved.');
  };

  return (
    <div className="admin-staff-settings">
      <SaveCard id="staff-settings" title="Staff settings" saveLabel="Save settings" busy={busy} changed={changed} onSave={submit}>
        <TextField
          id="staff-refund-limit"
          label="Order desk's refund limit (₹)"
          hint={`Cancelling a paid order refunds it; above this the order desk must ask the owner or a manager. Now ${formatMoney(policy.refund_limit, 'INR')}.`}
          value={draft.refund}
          onValue={(refund) => setDraft({ ...draft, refund })}
          error={errors.refund}
          inputMode="decimal"
          maxLength={12}
        />
        <TextField
          id="staff-rate-percent"
          label="Confirm metal-rate changes above (%)"
          hint="A rate moving more than this from today's asks for a second look before it is saved."
          value={draft.percent}
          onValue={(percent) => setDraft({ ...draft, percent })}
          error={errors.percent}
          inputMode="decimal"
          maxLength={5}
        />
        <label className="admin-check">
          <input type="checkbox" checked={draft.catalogueRates} onChange={(event) => setDraft({ ...draft, catalogueRates: event.target.checked })} />
          The catalogue role may set the metal rates
        </label>
      </SaveCard>
    </div>
  );
}
