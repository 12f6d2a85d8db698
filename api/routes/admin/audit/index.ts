import { createRouter } from '../../router.ts';
import { exportAuditLogHandler, getAuditLogHandler } from './audit.handlers.ts';
import { exportAuditLog, getAuditLog } from './audit.routes.ts';

/** The audit trail (issue 34): read and exported by owner, manager and accounts (audit.view); never changed. */
export function auditRoutes() {
  return createRouter().openapi(getAuditLog, getAuditLogHandler).openapi(exportAuditLog, exportAuditLogHandler);
}
