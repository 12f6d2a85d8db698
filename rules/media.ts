/** The media folders of the specification on the API host (storefront.md §3). */
export const MEDIA_FOLDERS = ['Sliders', 'Category', 'Products', 'Reviews'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/** A media file whose name ends with one of these is a video (backoffice.md §3, §9). */
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg'] as const;

/** The per-file upload limit: 120 MB (MiB, as upload libraries count it). */
export const MAX_MEDIA_FILE_BYTES = 120 * 1024 * 1024;

const VIDEO_NAME = new RegExp(`\\.(${VIDEO_EXTENSIONS.join('|')})$`, 'i');

/** Whether a stored or chosen file name is a video by its extension. */
export function isVideoName(name: string): boolean {
  return VIDEO_NAME.test(name);
}

/**
 * Folders of files that only their owner and the staff may see (a shopper's return photos,
 * issue 36). They live beside the media folders and go into every backup, but no public
 * route serves them (api/site/serve.ts serves MEDIA_FOLDERS only): they are read through an
 * authenticated call that checks who asks (GET /returnphoto/{rp_id}).
 */
export const PRIVATE_MEDIA_FOLDERS = ['ReturnPhotos'] as const;
export type PrivateMediaFolder = (typeof PRIVATE_MEDIA_FOLDERS)[number];
/** Any folder the store keeps uploads in, public or private. */
export type StoredFolder = MediaFolder | PrivateMediaFolder;
/** Whether a folder is one of the private ones (never served publicly, no resized copies). */
export const isPrivateFolder = (folder: StoredFolder): folder is PrivateMediaFolder => (PRIVATE_MEDIA_FOLDERS as readonly string[]).includes(folder);
