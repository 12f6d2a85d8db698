import { useState } from 'react';
import type { Envelope } from '../../lib/api/client.ts';
import { runChange } from '../actions.ts';

/**
 * A form's save: busy while the request runs (runChange's toasts say how it
 * went), then onSaved when the server took it.
 */
export function useSave(onSaved: () => void) {
  const [busy, setBusy] = useState(false);
  const save = async <T>(call: () => Promise<Envelope<T>>, failureText: string) => {
    setBusy(true);
    const done = await runChange(call, failureText);
    setBusy(false);
    if (done) onSaved();
  };
  return { busy, save };
}
