import { useEffect, useState } from 'react';
import { formatMoney } from '../../../rules/money.ts';
import { api } from '../../lib/api/client.ts';
import { runChange } from '../actions.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { Screen } from '../components/Screen.tsx';

/**
 * Shipping & Tax (issue 17): the cash-on-delivery cap (the law's ₹2,00,000,
 * or lower) and the international shipping rate table, zones of countries
 * with prices by parcel weight. Shipping in India is free.
 */

interface BandForm {
  up_to_g: string;
  inr_price: string;
  usd_price: string;
}
interface ZoneForm {
  name: string;
  countries: string;
  bands: BandForm[];
}

type Zones = NonNullable<Awaited<ReturnType<typeof api.get<'/getshippingrates'>>>['data']>['zones'];

const toForm = (zones: Zones): ZoneForm[] =>
  zones.map((z) => ({
    name: z.name,
    countries: z.countries.join(', '),
    bands: z.bands.map((b) => ({ up_to_g: String(b.up_to_g), inr_price: String(b.inr_price), usd_price: String(b.usd_price) })),
  }));

const EMPTY_BAND: BandForm = { up_to_g: '', inr_price: '', usd_price: '' };

export function ShippingTaxScreen() {
  const [cap, setCap] = useState<{ legal_limit: number; admin_cap: number | null; cod_cap: number } | null>(null);
  const [capText, setCapText] = useState('');
  const [zones, setZones] = useState<ZoneForm[] | null>(null);
  const [countryNames, setCountryNames] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all([api.get('/getcodlimit'), api.get('/getshippingrates')])
      .then(([limit, rates]) => {
        if (limit.status === 1 && limit.data) {
          setCap(limit.data);
          setCapText(limit.data.admin_cap === null ? '' : String(limit.data.admin_cap));
        }
        if (rates.status === 1 && rates.data) {
          setZones(toForm(rates.data.zones));
          setCountryNames(Object.fromEntries(rates.data.countries.map((c) => [c.code, c.name])));
        } else setFailure(rates.description || 'The shipping rates could not be loaded.');
      })
      .catch(() => setFailure('The shipping rates could not be loaded.'));
  }, []);

  const saveCap = async (value: number | null) => {
    setBusy(true);
    const answer = await runChange(() => api.post('/setcodlimit', { cod_cap: value }), 'Error saving the cap...');
    setBusy(false);
    if (answer?.data) {
      setCap(answer.data);
      setCapText(answer.data.admin_cap === null ? '' : String(answer.data.admin_cap));
    }
  };

  const saveRates = async () => {
    if (!zones) return;
    const body = {
      zones: zones.map((z) => ({
        name: z.name.trim(),
        countries: z.countries.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase()),
        bands: z.bands.map((b) => ({ up_to_g: Number(b.up_to_g), inr_price: Number(b.inr_price), usd_price: Number(b.usd_price) })),
      })),
    };
    setBusy(true);
    const answer = await runChange(() => api.post('/setshippingrates', body), 'Error saving shipping rates...');
    setBusy(false);
    if (answer?.data) setZones(toForm(answer.data.zones));
  };

  const editZone = (index: number, patch: Partial<ZoneForm>) => setZones((list) => list && list.map((z, i) => (i === index ? { ...z, ...patch } : z)));
  const editBand = (zone: number, band: number, patch: Partial<BandForm>) =>
    setZones((list) => list && list.map((z, i) => (i === zone ? { ...z, bands: z.bands.map((b, j) => (j === band ? { ...b, ...patch } : b)) } : z)));

  return (
    <Screen title="Shipping & Tax" lead="Cash on delivery, and what shipping abroad costs. Shipping within India is free.">
      <div className="admin-settings">
        <section className="admin-card" aria-labelledby="cod-title">
          <div className="admin-card__head">
            <h2 id="cod-title">Cash on Delivery cap</h2>
          </div>
          <div className="admin-card__body">
            <p className="admin-hint admin-cap-hint">
              Cash of {formatMoney(cap?.legal_limit ?? 200000, 'INR')} or more cannot be taken for one sale (Income-tax Act s.269ST): Cash on Delivery is offered
              below the cap, in India only. A lower cap applies when set. In force now: <strong data-testid="cod-cap">{cap ? formatMoney(cap.cod_cap, 'INR') : '…'}</strong>
            </p>
            <form
              className="admin-cap-row"
              onSubmit={(e) => {
                e.preventDefault();
                void saveCap(capText.trim() === '' ? null : Number(capText));
              }}
            >
              <div className="field">
                <label htmlFor="cod-cap-input">Lower cap (₹)</label>
                <input id="cod-cap-input" className="input" inputMode="decimal" placeholder="None" value={capText} onChange={(e) => setCapText(e.target.value)} />
              </div>
              <button type="submit" className="btn btn--small" disabled={busy}>
                Save Cap
              </button>
              {cap?.admin_cap !== null && cap ? (
                <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void saveCap(null)}>
                  Remove (use the law's)
                </button>
              ) : null}
            </form>
          </div>
        </section>

        <section className="admin-card" aria-labelledby="rates-title">
          <div className="admin-card__head">
            <h2 id="rates-title">International shipping rates</h2>
          </div>
          <div className="admin-card__body">
            {failure ? (
              <p className="field-error" role="alert">
                {failure}
              </p>
            ) : !zones ? (
              <p>Loading…</p>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void saveRates();
                }}
              >
                <p className="admin-hint">
                  A parcel weighs its pieces' net weight plus packaging; it pays the first band of its country's zone that holds that weight, in the shopper's currency.
                  Countries are ISO codes ({Object.keys(countryNames).filter((c) => c !== 'IN').slice(0, 6).join(', ')}, …); a country in no zone is not shipped to.
                </p>
                {zones.map((zone, zi) => (
                  <fieldset key={zi} className="admin-zone" aria-label={`Zone ${zone.name || zi + 1}`}>
                    <div className="admin-zone__head">
                      <div className="field">
                        <label htmlFor={`zone-${zi}-name`}>Zone name</label>
                        <input id={`zone-${zi}-name`} className="input" value={zone.name} onChange={(e) => editZone(zi, { name: e.target.value })} />
                      </div>
                      <div className="field">
                        <label htmlFor={`zone-${zi}-countries`}>Countries</label>
                        <input
                          id={`zone-${zi}-countries`}
                          className="input"
                          value={zone.countries}
                          title={zone.countries
                            .split(/[\s,]+/)
                            .filter(Boolean)
                            .map((c) => countryNames[c.toUpperCase()] ?? c)
                            .join(', ')}
                          onChange={(e) => editZone(zi, { countries: e.target.value })}
                        />
                      </div>
                      <button type="button" className="admin-text-btn" onClick={() => setZones(zones.filter((_, i) => i !== zi))}>
                        Remove zone
                      </button>
                    </div>
                    <table className="admin-bands">
                      <thead>
                        <tr>
                          <th scope="col">Up to (g)</th>
                          <th scope="col">₹</th>
                          <th scope="col">$</th>
                          <th scope="col">
                            <span className="visually-hidden">Remove</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {zone.bands.map((band, bi) => (
                          <tr key={bi}>
                            <td>
                              <input className="input" inputMode="numeric" aria-label={`${zone.name || 'Zone'}: band ${bi + 1}, up to grams`} value={band.up_to_g} onChange={(e) => editBand(zi, bi, { up_to_g: e.target.value })} />
                            </td>
                            <td>
                              <input className="input" inputMode="decimal" aria-label={`${zone.name || 'Zone'}: band ${bi + 1}, rupees`} value={band.inr_price} onChange={(e) => editBand(zi, bi, { inr_price: e.target.value })} />
                            </td>
                            <td>
                              <input className="input" inputMode="decimal" aria-label={`${zone.name || 'Zone'}: band ${bi + 1}, dollars`} value={band.usd_price} onChange={(e) => editBand(zi, bi, { usd_price: e.target.value })} />
                            </td>
                            <td>
                              <button type="button" className="admin-icon-btn admin-icon-btn--danger" aria-label={`Remove band ${bi + 1} of ${zone.name || 'this zone'}`} title="Remove band" onClick={() => editZone(zi, { bands: zone.bands.filter((_, j) => j !== bi) })}>
                                <AdminIcon name="trash" />
                              </button>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                    <div>
                      <button type="button" className="admin-text-btn" onClick={() => editZone(zi, { bands: [...zone.bands, EMPTY_BAND] })}>
                        + Add weight band
                      </button>
                    </div>
                  </fieldset>
                ))}
                <div className="admin-huid__actions">
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setZones([...zones, { name: '', countries: '', bands: [EMPTY_BAND] }])}>
                    + Add zone
                  </button>
                  <button type="submit" className="btn btn--small" disabled={busy}>
                    Save Rates
                  </button>
                </div>
              </form>
            )}
          </div>
        </section>
      </div>
    </Screen>
  );
}
