import { missingPermissionMessage, type Permission } from '../../../rules/permissions.ts';
import { Link } from '../router.tsx';
import { Screen } from './Screen.tsx';

/**
 * A screen opened by its address without the permission it needs (issue 34): says what is
 * missing and whom to ask, in the words the server's refusal uses, instead of failing.
 */
export function NoPermission({ title, permission }: { title: string; permission: Permission }) {
  return (
    <Screen title={title}>
      <div className="admin-card admin-no-permission" data-testid="no-permission">
        <div className="admin-card__body">
          <p role="alert">{missingPermissionMessage(permission)}</p>
          <Link href="/admin/dashboard" className="btn btn--small btn--ghost">
            Go to the dashboard
          </Link>
        </div>
      </div>
    </Screen>
  );
}
