import { useState } from 'react';
import type { Envelope } from '../../lib/api/client.ts';
import { runChange } from '../actions.ts';

/**
 * A change the administrator confirms first (delete, activate, deactivate):
 * `ask(record)` opens the question, `dialog` is what the ConfirmDialog needs.
 * While the change runs the dialog stays open and busy; when the server
 * accepts it, the dialog closes and `onDone` follows (backoffice.md §7, §8).
 */
export function useConfirmation<T>(change: (record: T) => Promise<Envelope<unknown>>, failureText: string, onDone: (record: T) => void) {
  const [record, setRecord] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (record === null) return;
    setBusy(true);
    const done = await runChange(() => change(record), failureText);
    setBusy(false);
    if (done) {
      setRecord(null);
      onDone(record);
    }
  };

  return {
    record,
    ask: (next: T) => setRecord(next),
    dialog: { busy, onCancel: () => setRecord(null), onConfirm: confirm },
  };
}
