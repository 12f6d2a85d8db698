import { atom } from 'nanostores';
import { api } from '../lib/api/client.ts';
import type { TrackedOrder } from '../lib/orders.ts';

/**
 * The order the account page shows in Track Your Order (issue 35): GET /trackorder/{o_id}'s
 * answer (the order with the date of each step, the courier's page and its GST), and the
 * page's address carrying its number (/orderconfirm?track=<o_id>), the link the order's
 * messages send, so a reload, a bookmark or a login on the way shows the same order.
 */

/** The query parameter naming the order tracked. */
export const TRACK_PARAM = 'track';

export type TrackedState = { o_id: number; order: TrackedOrder } | { o_id: number; missing: true } | { o_id: number; failed: true } | { o_id: number; loading: true };

export const $tracked = atom<TrackedState | null>(null);

/** The order number the address names (?track=, or ?o_id= as checkout sends it), or null. */
export function trackedInAddress(params: URLSearchParams): number | null {
  for (const name of [TRACK_PARAM, 'o_id']) {
    const value = params.get(name);
    if (value && /^\d{1,12}$/.test(value) && Number(value) > 0) return Number(value);
  }
  return null;
}

/** Puts the order's number in the address bar (no new history entry); null for the bare page. */
export function showTrackedInAddress(o_id: number | null): void {
  const path = o_id === null ? '/orderconfirm' : `/orderconfirm?${TRACK_PARAM}=${o_id}`;
  if (`${location.pathname}${location.search}` !== path) history.replaceState(history.state, '', path);
}

/** Loads the order `o_id` of the logged-in shopper (again, when `refresh`). */
export async function loadTracked(o_id: number, refresh = false): Promise<void> {
  const current = $tracked.get();
  if (!refresh && current?.o_id === o_id && ('order' in current || 'loading' in current)) return;
  $tracked.set({ o_id, loading: true });
  try {
    const answer = await api.get('/trackorder/{o_id}', { o_id });
    if ($tracked.get()?.o_id !== o_id) return;
    if (answer.status === 1 && answer.data) $tracked.set({ o_id, order: answer.data });
    else $tracked.set({ o_id, missing: true });
  } catch {
    if ($tracked.get()?.o_id === o_id) $tracked.set({ o_id, failed: true });
  }
}
