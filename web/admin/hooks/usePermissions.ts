import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import type { Permission } from '../../../rules/permissions.ts';
import { api } from '../../lib/api/client.ts';
import { $user } from '../../stores/session.ts';

/** Permissions asked of GET /getuserprofile, for a session stored before the login answer carried them. */
const $asked = atom<{ u_id: number; permissions: readonly Permission[] } | null>(null);
let askedFor: number | null = null;

/**
 * What the signed-in member of staff may do (rules/permissions.ts): read from their
 * session (the login answer carries `permissions`), else asked once of GET /getuserprofile.
 * null until known. The server checks every call anyway: this only decides what is shown.
 */
export function usePermissions(): readonly Permission[] | null {
  const user = useStore($user);
  const asked = useStore($asked);
  const stored = (user as { permissions?: readonly Permission[] } | null)?.permissions;
  useEffect(() => {
    if (!user || stored || askedFor === user.u_id) return;
    askedFor = user.u_id;
    api
      .get('/getuserprofile')
      .then((answer) => {
        if (answer.status === 1 && answer.data) $asked.set({ u_id: user.u_id, permissions: answer.data.permissions });
      })
      // Unreachable: asked again by the next screen that wants to know.
      .catch(() => (askedFor = null));
  }, [user, stored]);
  if (!user) return null;
  if (stored) return stored;
  return asked?.u_id === user.u_id ? asked.permissions : null;
}

/** Whether the signed-in member of staff holds `permission`; null until known. */
export function useMay(permission: Permission): boolean | null {
  const permissions = usePermissions();
  return permissions === null ? null : permissions.includes(permission);
}
