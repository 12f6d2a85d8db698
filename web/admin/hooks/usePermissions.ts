import { useStore } from '@nanostores/react';
import type { Permission } from '../../../rules/permissions.ts';
import { api } from '../../lib/api/client.ts';
import { $user, updateSession } from '../../stores/session.ts';

/**
 * What the signed-in member of staff may do (rules/permissions.ts), from their session: the
 * login answer carries `permissions`, and refreshAccess keeps them as the server says them
 * now. null until known (a session stored before logins carried them, not yet refreshed);
 * none while two-factor sign-in the shop requires is not on (the server refuses the rest).
 * The server checks every call anyway: this only decides what is shown.
 */
export function usePermissions(): readonly Permission[] | null {
  const user = useStore($user);
  return user?.totp_setup_required ? [] : (user?.permissions ?? null);
}

/** Whether the signed-in member of staff holds `permission`; null until known. */
export function useMay(permission: Permission): boolean | null {
  const permissions = usePermissions();
  return permissions === null ? null : permissions.includes(permission);
}

/** Whether `permissions` let their holder open what `needed` guards (null: any member of staff). */
export function allows(permissions: readonly Permission[] | null | undefined, needed: Permission | null): boolean {
  return needed === null || Boolean(permissions?.includes(needed));
}

/**
 * Reads the signed-in member's role and permissions again (GET /getuserprofile) into the
 * session: a role the owner changed shows at once. A refused token ends the session there
 * (the API client); unreachable, the session keeps what it had.
 */
export async function refreshAccess(): Promise<void> {
  try {
    const answer = await api.get('/getuserprofile');
    if (answer.status !== 1 || !answer.data) return;
    const { role, permissions, full_name } = answer.data;
    updateSession({ role, permissions, full_name });
  } catch {
    // The next opening or refusal asks again.
  }
}
