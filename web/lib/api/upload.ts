import { $user } from '../../stores/session.ts';
import { type Envelope, NetworkError, onForbidden } from './client.ts';

/** How far an upload has got, in bytes of the request body. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Sends a multipart form with upload progress (fetch reports none), under the
 * rules of the one API client: the session's bearer token, the envelope parsed
 * whatever the HTTP code, a 403 handled by onForbidden. Resolves with
 * the envelope (check `status`); rejects only with NetworkError.
 */
export function uploadForm<T = unknown>(path: string, form: FormData, onProgress?: (progress: UploadProgress) => void): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = $user.get()?.auth_token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }
    xhr.addEventListener('load', () => {
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch (error) {
        reject(new NetworkError(error));
        return;
      }
      if (xhr.status === 403) onForbidden(envelope?.data);
      resolve(envelope);
    });
    // The server may close the connection on a body it refuses while it streams (413).
    xhr.addEventListener('error', () => reject(new NetworkError(new Error('upload failed'))));
    xhr.addEventListener('abort', () => reject(new NetworkError(new Error('upload aborted'))));
    xhr.send(form);
  });
}
