import { MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS, RETURN_PHOTO_TYPES } from '../../../rules/return-photos.ts';
import { api } from '../../lib/api/client.ts';

/**
 * A shopper's photos of the pieces (issue 36), chosen in the request or added later in My
 * Returns while it is requested: checked here for what the browser can see (the server
 * judges the bytes again), then sent one by one to POST /addreturnphoto/{r_id}.
 */

/** Why a chosen file cannot go (the server checks its bytes again), or null. */
export function photoProblem(file: File): string | null {
  if (!(RETURN_PHOTO_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a JPEG, PNG or WebP photo.`;
  if (file.size > MAX_RETURN_PHOTO_BYTES) return `${file.name} is too large: at most ${MAX_RETURN_PHOTO_BYTES / (1024 * 1024)} MB.`;
  return null;
}

/** Sends the photos to the request, one by one; answers a sentence for each that failed. */
export async function sendPhotos(r_id: number, files: readonly File[]): Promise<string[]> {
  const failures: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await api.post('/addreturnphoto/{r_id}', form, undefined, { r_id });
      if (answer.status !== 1) failures.push(answer.description || `${file.name} could not be added.`);
    } catch {
      failures.push(`${file.name} could not be sent: the store could not be reached.`);
    }
  }
  return failures;
}


/** Of the files chosen, those that may go (at most `room`), and a sentence for each left out. */
export function fitPhotos(files: FileList | null, room: number): { fit: File[]; refused: string[] } {
  const chosen = [...(files ?? [])];
  const refused = chosen.map(photoProblem).filter((text): text is string => text !== null);
  const fit = chosen.filter((file) => photoProblem(file) === null);
  if (fit.length > room) refused.push(`A return can carry up to ${MAX_RETURN_PHOTOS} photos; ${fit.length - Math.max(0, room)} ${fit.length - room === 1 ? 'was' : 'were'} left out.`);
  return { fit: fit.slice(0, Math.max(0, room)), refused };
}
