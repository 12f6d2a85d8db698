/**
 * A shopper's photos of the pieces asked back (issue 36): how many, how large, which types.
 * Apart from rules/media.ts so that the storefront pages which read the media rules do not
 * carry these (the account page alone uses them in the browser).
 */

/** Photos a shopper may attach to one return request. */
export const MAX_RETURN_PHOTOS = 5;
/** The limit of one return photo: 10 MB (MiB), more than a phone's camera makes. */
export const MAX_RETURN_PHOTO_BYTES = 10 * 1024 * 1024;
/** What a return photo may be, by its bytes: JPEG, PNG or WebP. */
export const RETURN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
