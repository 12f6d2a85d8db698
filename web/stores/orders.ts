import { api } from '../lib/api/client.ts';
import { $user, getOrderData, setOrderData } from './session.ts';

let loading: Promise<void> | undefined;

/**
 * When the header loads with a user and no stored order data, the user's
 * orders are fetched (POST /getuserorder) and stored (storefront.md §4).
 */
export function loadOrderDataOnce(): Promise<void> {
  const user = $user.get();
  if (!user || getOrderData() !== null) return Promise.resolve();
  loading ??= api
    .post('/getuserorder', { u_id: user.u_id })
    .then((answer) => {
      if (answer.status === 1) setOrderData(answer.data);
    })
    .catch(() => undefined)
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** Fetches and stores the user's orders again (after an order is placed or cancelled). */
export async function refreshOrderData(): Promise<void> {
  await loading;
  setOrderData(null);
  await loadOrderDataOnce();
}
