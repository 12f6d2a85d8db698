import { type FormEvent, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api/client.ts';
import { runChange } from '../actions.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import { ConfirmDialog, Modal } from '../components/Modal.tsx';
import { Pager } from '../components/Pager.tsx';
import { Screen, SearchBox, TableStateRow } from '../components/Screen.tsx';
import { includesText, useClientTable, useList } from '../hooks/useList.ts';
import type { Coupon } from '../types.ts';
import { couponNameError, discountError, discountInput } from '../validation.ts';

type Editing = { mode: 'add' } | { mode: 'edit'; coupon: Coupon };

/**
 * Coupons (§2): search by coupon name or discount, table (No, Coupon,
 * Discount, edit and the activate/deactivate toggle), add/edit modal, and the
 * confirmation whose button reads Deactive or Active.
 */
export function CouponsScreen() {
  const { items, setItems, loading, reload } = useList<Coupon>(() => api.post('/getcoupon', { is_admin: 0 }), 'Failed To Fetch Coupon List.');
  const table = useClientTable(items, (c, q) => includesText(c.coupon_name, q) || includesText(c.discount, q));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [toggling, setToggling] = useState<Coupon | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmToggle = async () => {
    if (!toggling) return;
    const c_status = toggling.c_status === 1 ? 0 : 1;
    setBusy(true);
    const done = await runChange(() => api.post('/changecouponstatus', { c_status, coupon_id: Number(toggling.coupon_id) }), 'Failed to update coupon status.');
    setBusy(false);
    if (done) {
      setItems((list) => list.map((c) => (c.coupon_id === toggling.coupon_id ? { ...c, c_status } : c)));
      setToggling(null);
    }
  };

  const toggleWord = toggling?.c_status === 1 ? 'Deactivate' : 'Activate';

  return (
    <Screen
      title="Coupons"
      actions={
        <button type="button" className="btn btn--small" onClick={() => setEditing({ mode: 'add' })}>
          <Icon name="plus" size={16} /> Add Coupon
        </button>
      }
    >
      <div className="admin-toolbar">
        <SearchBox value={table.query} onChange={table.setQuery} placeholder="Search coupon or discount" label="Search coupons by name or discount" />
      </div>
      <div className="admin-card">
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col" className="admin-col-no">
                  No
                </th>
                <th scope="col">Coupon</th>
                <th scope="col">Discount</th>
                <th scope="col" className="admin-col-actions">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              <TableStateRow colSpan={4} loading={loading} empty={table.rows.length === 0} emptyText="No coupons found" />
              {table.rows.map((coupon, index) => {
                const active = coupon.c_status === 1;
                return (
                  <tr key={coupon.coupon_id ?? coupon.coupon_name}>
                    <td className="admin-col-no">{table.offset + index + 1}</td>
                    <td>
                      <span className="admin-cell-strong">{coupon.coupon_name}</span> <span className={`admin-badge ${active ? 'admin-badge--on' : 'admin-badge--off'}`}>{active ? 'Active' : 'Inactive'}</span>
                    </td>
                    <td className="admin-num">{coupon.discount}%</td>
                    <td className="admin-col-actions">
                      <div className="admin-row-actions">
                        <button type="button" className="admin-icon-btn" onClick={() => setEditing({ mode: 'edit', coupon })} aria-label={`Edit ${coupon.coupon_name}`} title="Edit">
                          <AdminIcon name="edit" />
                        </button>
                        <button
                          type="button"
                          className={`admin-icon-btn ${active ? 'admin-icon-btn--on' : 'admin-icon-btn--off'}`}
                          onClick={() => setToggling(coupon)}
                          aria-label={`${active ? 'Deactivate' : 'Activate'} ${coupon.coupon_name}`}
                          title={active ? 'Active: click to deactivate' : 'Inactive: click to activate'}
                        >
                          <AdminIcon name={active ? 'toggleOn' : 'toggleOff'} size={24} />
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pager page={table.page} pageSize={table.pageSize} total={table.total} onPage={table.setPage} onPageSize={table.setPageSize} noun="coupons" label="Coupon pages" />
      </div>

      {editing && (
        <CouponForm
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      {toggling && (
        <ConfirmDialog
          title={`${toggleWord} Coupon`}
          message={
            <>
              Are you sure you want to {toggleWord} this coupon? <strong>{toggling.coupon_name}</strong>
            </>
          }
          confirmLabel={toggling.c_status === 1 ? 'Deactive' : 'Active'}
          danger={toggling.c_status === 1}
          busy={busy}
          onCancel={() => setToggling(null)}
          onConfirm={confirmToggle}
        />
      )}
    </Screen>
  );
}

/** The add/edit modal: coupon name and discount (a percentage; digits and one decimal point). */
function CouponForm({ editing, onClose, onSaved }: { editing: Editing; onClose: () => void; onSaved: () => void }) {
  const coupon = editing.mode === 'edit' ? editing.coupon : null;
  const [name, setName] = useState(coupon?.coupon_name ?? '');
  const [discount, setDiscount] = useState(coupon?.discount ?? '');
  const [errors, setErrors] = useState<{ name?: string | null; discount?: string | null }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: couponNameError(name),
      discount: discountError(discount, 'submit'),
    };
    setErrors(found);
    if (found.name || found.discount) {
      document.getElementById(found.name ? 'coupon-name' : 'coupon-discount')?.focus();
      return;
    }
    const body = { coupon_name: name.trim(), discount: discount.trim() };
    setBusy(true);
    const done = coupon
      ? await runChange(() => api.post('/updatecoupon', { ...body, coupon_id: Number(coupon.coupon_id) }), 'Error Updating Coupon...')
      : await runChange(() => api.post('/addcoupon', body), 'Error Adding Coupon...');
    setBusy(false);
    if (done) onSaved();
  };

  return (
    <Modal
      title={coupon ? 'Edit Coupon' : 'Add Coupon'}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="btn btn--ghost btn--small" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form="coupon-form" className="btn btn--small" disabled={busy}>
            {busy ? 'Saving…' : coupon ? 'Update' : 'Add'}
          </button>
        </>
      }
    >
      <form id="coupon-form" onSubmit={submit} noValidate>
        <Field id="coupon-name" label="Coupon Name" error={errors.name} required hint="The code shoppers type at checkout; saved in capitals.">
          <input
            type="text"
            value={name}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
            {...controlProps('coupon-name', errors.name, true)}
            onChange={(event) => {
              setName(event.target.value);
              if (errors.name) setErrors({ ...errors, name: null });
            }}
          />
        </Field>
        <Field id="coupon-discount" label="Discount (%)" error={errors.discount} required hint="A percentage of the subtotal, e.g. 10 or 12.5.">
          <input
            type="text"
            inputMode="decimal"
            value={discount}
            maxLength={6}
            autoComplete="off"
            {...controlProps('coupon-discount', errors.discount, true)}
            onChange={(event) => {
              const value = discountInput(event.target.value);
              setDiscount(value);
              setErrors({ ...errors, discount: discountError(value, 'typing') });
            }}
          />
        </Field>
      </form>
    </Modal>
  );
}
