/**
 * What the shop takes for an e-mail address, wherever one is typed (checkout, payment,
 * contact form, newsletter): something@domain.tld with no spaces, at most 254
 * characters (RFC 5321's path limit). Callers trim first; each keeps its own message.
 */

/** something@domain.tld, no spaces or second @. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address a mail server takes (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** Whether an (already trimmed) text is an address the shop takes. */
export function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}
