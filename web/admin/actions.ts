import type { Envelope } from '../lib/api/client.ts';
import { toast } from '../stores/toast.ts';

/**
 * Runs one back-office change (add, update, delete, status) the way every
 * screen does (backoffice.md §7, §8): status 1 shows the server's description
 * as a success toast and resolves true; a refusal shows the server's
 * description; a call that fails outright (the API unreachable, an answer
 * that is not the envelope) shows the screen's failure text, e.g.
 * 'Error Adding Category...'.
 */
export async function runChange<T>(call: () => Promise<Envelope<T>>, failureText: string): Promise<Envelope<T> | null> {
  try {
    const answer = await call();
    if (answer.status === 1) {
      toast.success(answer.description);
      return answer;
    }
    toast.error(answer.description || failureText);
    return null;
  } catch (error) {
    console.error(failureText, error);
    toast.error(failureText);
    return null;
  }
}
