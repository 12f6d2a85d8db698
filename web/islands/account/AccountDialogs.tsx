import { useStore } from '@nanostores/react';
import { formatDateTime } from '../../../rules/dates.ts';
import { $accountBusy, $confirming, cancelOrder, confirm, deleteAccount, logOut } from '../../stores/account.ts';
import { ConfirmDialog } from '../Dialog.tsx';

/** The confirmations: Log out, Delete Account, and Cancel Order (with the refund said for an online payment, in the shop policy's days, and the store credit coming back). */
export function AccountDialogs() {
  const confirming = useStore($confirming);
  const busy = useStore($accountBusy);
  const cancelling = typeof confirming === 'object' && confirming ? confirming.cancel : null;
  const close = () => confirm(null);
  return (
    <>
      <ConfirmDialog
        open={confirming === 'logout'}
        title="Log out?"
        message={<p>Are you sure you want to log out? Your cart and wishlist stay saved with your account.</p>}
        confirmLabel="Log out"
        onConfirm={logOut}
        onCancel={close}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete your account?"
        message={
          <p>
            This permanently deletes your account with its cart and wishlist, and logs you out. Orders already placed are still delivered. This cannot be undone.
          </p>
        }
        confirmLabel="Delete Account"
        danger
        busy={busy}
        onConfirm={() => void deleteAccount()}
        onCancel={close}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling ? `Cancel order #${cancelling.o_id}?` : 'Cancel order?'}
        message={
          <p>
            {cancelling?.cancel_until ? `You may cancel it until ${formatDateTime(cancelling.cancel_until)}.` : ''}{' '}
            {cancelling?.refund_timing ? `Your payment will be refunded to your original payment method ${cancelling.refund_timing}.` : ''}{' '}
            {cancelling?.store_credit ? 'The store credit it used comes back to your account.' : ''}
          </p>
        }
        confirmLabel="Cancel Order"
        cancelLabel="Keep Order"
        danger
        busy={busy}
        onConfirm={() => cancelling && void cancelOrder(cancelling)}
        onCancel={close}
      />
    </>
  );
}
