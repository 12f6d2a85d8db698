/** u_type of an administrator (backoffice.md §3, §6); anything else is a shopper. */
export const ADMIN_USER_TYPE = '0';

/** Whether a user's u_type (as stored in the database) makes them an administrator. */
export function isAdministrator(user: { u_type?: string | null } | null | undefined): boolean {
  return user?.u_type === ADMIN_USER_TYPE;
}
