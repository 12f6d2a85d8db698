import { onForbidden } from './api/client.ts';
import { $user } from '../stores/session.ts';

/**
 * Opens an order's GST tax invoice (GET /invoice/{o_id}, a PDF behind the
 * bearer token): fetched, then handed to the browser as a file. Answers null
 * when it opened, else the server's sentence.
 */
export async function openInvoice(o_id: number, invoice_no: string): Promise<string | null> {
  const token = $user.get()?.auth_token;
  let response: Response;
  try {
    response = await fetch(`/invoice/${o_id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    return 'The invoice could not be downloaded. Please try again.';
  }
  if (response.status === 403) onForbidden();
  if (!response.ok || response.headers.get('content-type') !== 'application/pdf') {
    try {
      return ((await response.json()) as { description?: string }).description ?? 'The invoice could not be downloaded.';
    } catch {
      return 'The invoice could not be downloaded.';
    }
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${invoice_no.replaceAll('/', '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return null;
}
