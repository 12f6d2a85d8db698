import { onForbidden } from './api/client.ts';
import { $user } from '../stores/session.ts';

export interface Download {
  /** The name the browser saves it under. */
  fileName: string;
  /** The content type the answer must have (its start: 'text/csv' matches 'text/csv; charset=utf-8'). */
  type: string;
  /** Said when the answer is not the file and carries no sentence of its own. */
  failure: string;
}

/** Fetches what the API answers behind the signed-in member's bearer token (a file an <a> or <img> cannot ask for). */
export function fetchWithToken(path: string): Promise<Response> {
  const token = $user.get()?.auth_token;
  return fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** The answer is the file asked for: 2xx, of `type` (its start: 'text/csv' matches 'text/csv; charset=utf-8'). */
export const isFileOf = (response: Response, type: string) => response.ok && Boolean(response.headers.get('content-type')?.startsWith(type));

/**
 * Downloads a file the API answers behind the bearer token (an invoice's PDF, the audit
 * trail's CSV): fetched, then handed to the browser as a file. Answers null when it was
 * handed over, else the server's sentence (or `failure`).
 */
export async function downloadFile(path: string, { fileName, type, failure }: Download): Promise<string | null> {
  let response: Response;
  try {
    response = await fetchWithToken(path);
  } catch {
    return `${failure} Please try again.`;
  }
  if (!isFileOf(response, type)) {
    let refusal: { description?: string; data?: unknown } = {};
    try {
      refusal = (await response.json()) as typeof refusal;
    } catch {
      // Not the envelope: the failure's own words.
    }
    if (response.status === 403) onForbidden(refusal.data);
    return refusal.description ?? failure;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return null;
}
