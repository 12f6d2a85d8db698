/** The smallest password the API takes (openapi.yaml NewPassword). */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

/** What is wrong with a new password before it is sent, or null: the API's own rule and words. */
export function newPasswordError(password: string): string | null {
  if (!password) return 'Password is required.';
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}

/** What is wrong with the password typed again, or null. */
export function repeatPasswordError(password: string, repeat: string): string | null {
  if (!repeat) return 'Repeat password is required.';
  return repeat === password ? null : 'Passwords do not match';
}
