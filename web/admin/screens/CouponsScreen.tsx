import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { TextField } from '../components/Field.tsx';
import { ConfirmDialog, FormModal } from '../components/Modal.tsx';
import { EditAction, IconAction, RowActions } from '../components/RowActions.tsx';
import { AddButton, ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useEditing } from '../hooks/useEditing.ts';
import { useSave } from '../hooks/useSave.ts';
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
  const { items, setItems, ...list } = useList<Coupon>(() => api.post('/getcoupon', { is_admin: 0 }), 'Failed To Fetch Coupon List.');
  const table = useClientTable(items, (c, q) => includesText(c.coupon_name, q) || includesText(c.discount, q));
  const form = useEditing<Editing>(list.reload);
  const toggling = useConfirmation<Coupon>(
    (coupon) => api.post('/changecouponstatus', { c_status: toggledStatus(coupon), coupon_id: Number(coupon.coupon_id) }),
    'Failed to update coupon status.',
    (coupon) => setItems((list) => list.map((c) => (c.coupon_id === coupon.coupon_id ? { ...c, c_status: toggledStatus(coupon) } : c))),
  );

  const toggleWord = toggling.record?.c_status === 1 ? 'Deactivate' : 'Activate';

  return (
    <Screen title="Coupons" actions={<AddButton label="Add Coupon" onClick={() => form.open({ mode: 'add' })} />}>
      <Toolbar search={{ value: table.query, onChange: table.setQuery, placeholder: 'Search coupon or discount', label: 'Search coupons by name or discount' }} />
      <ListTable
        numbered
        columns={['Coupon', 'Discount']}
        list={list}
        emptyText="No coupons found"
        pager={{ ...table.pager, noun: 'coupons', label: 'Coupon pages' }}
        rows={table.rows.map((coupon, index) => {
          const active = coupon.c_status === 1;
          return (
            <tr key={coupon.coupon_id ?? coupon.coupon_name}>
              <td className="admin-col-no">{table.offset + index + 1}</td>
              <td>
                <span className="admin-cell-strong">{coupon.coupon_name}</span> <span className={`admin-badge ${active ? 'admin-badge--on' : 'admin-badge--off'}`}>{active ? 'Active' : 'Inactive'}</span>
              </td>
              <td className="admin-num">{coupon.discount}%</td>
              <RowActions>
                <EditAction label={`Edit ${coupon.coupon_name}`} onClick={() => form.open({ mode: 'edit', coupon })} />
                <IconAction
                  icon={active ? 'toggleOn' : 'toggleOff'}
                  size={24}
                  tone={active ? 'admin-icon-btn--on' : 'admin-icon-btn--off'}
                  label={`${active ? 'Deactivate' : 'Activate'} ${coupon.coupon_name}`}
                  title={active ? 'Active: click to deactivate' : 'Inactive: click to activate'}
                  onClick={() => toggling.ask(coupon)}
                />
              </RowActions>
            </tr>
          );
        })}
      />

      {form.editing && <CouponForm editing={form.editing} {...form.formProps} />}
      {toggling.record && (
        <ConfirmDialog
          title={`${toggleWord} Coupon`}
          message={
            <>
              Are you sure you want to {toggleWord} this coupon? <strong>{toggling.record.coupon_name}</strong>
            </>
          }
          confirmLabel={toggling.record.c_status === 1 ? 'Deactive' : 'Active'}
          danger={toggling.record.c_status === 1}
          {...toggling.dialog}
        />
      )}
    </Screen>
  );
}

/** The status a coupon's toggle sets: an active coupon goes inactive and back. */
function toggledStatus(coupon: Coupon): 0 | 1 {
  return coupon.c_status === 1 ? 0 : 1;
}

/** A coupon's code is typed in capitals, unchecked for spelling; the discount is a short decimal. */
const NAME_INPUT = { maxLength: 40, autoCapitalize: 'characters', spellCheck: false, 'data-autofocus': true } as const;
const DISCOUNT_INPUT = { maxLength: 6, inputMode: 'decimal' } as const;

/** The add/edit modal: coupon name and discount (a percentage; digits and one decimal point). */
function CouponForm({ editing, onClose, onSaved }: { editing: Editing; onClose: () => void; onSaved: () => void }) {
  const { busy, save } = useSave(onSaved);
  const coupon = editing.mode === 'edit' ? editing.coupon : null;
  const [name, setName] = useState(coupon?.coupon_name ?? '');
  const [discount, setDiscount] = useState(coupon?.discount ?? '');
  const [errors, setErrors] = useState<{ name?: string | null; discount?: string | null }>({});

  const typedName = (value: string) => {
    setName(value);
    if (errors.name) setErrors({ ...errors, name: null });
  };
  const typedDiscount = (typed: string) => {
    const value = discountInput(typed);
    setDiscount(value);
    setErrors({ ...errors, discount: discountError(value, 'typing') });
  };

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
    if (coupon) await save(() => api.post('/updatecoupon', { ...body, coupon_id: Number(coupon.coupon_id) }), 'Error Updating Coupon...');
    else await save(() => api.post('/addcoupon', body), 'Error Adding Coupon...');
  };

  return (
    <FormModal title={coupon ? 'Edit Coupon' : 'Add Coupon'} formId="coupon-form" onSubmit={submit} submitLabel={coupon ? 'Update' : 'Add'} onClose={onClose} busy={busy}>
      <TextField id="coupon-name" label="Coupon Name" error={errors.name} required hint="The code shoppers type at checkout; saved in capitals." value={name} onValue={typedName} {...NAME_INPUT} />
      <TextField id="coupon-discount" label="Discount (%)" error={errors.discount} required hint="A percentage of the subtotal, e.g. 10 or 12.5." value={discount} onValue={typedDiscount} {...DISCOUNT_INPUT} />
    </FormModal>
  );
}
