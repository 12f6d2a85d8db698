import type { RouteHandler } from '@hono/zod-openapi';
import { auditLogEntries, listAuditLog } from '../../../../db/queries/audit-log.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { csvDownload } from '../export/export.handlers.ts';
import { AUDIT_CSV_COLUMNS, type exportAuditLog, type getAuditLog } from './audit.routes.ts';

export const getAuditLogHandler: RouteHandler<typeof getAuditLog, AppEnv> = async (c) => {
  const { page, perPage, ...filter } = c.req.valid('query');
  return ok(c, 'Audit trail.', await listAuditLog(c.var.deps.db, filter, page, perPage));
};

/** Streams the entries as CSV a chunk at a time (db/queries/audit-log.ts): any number of entries, little memory. */
export const exportAuditLogHandler: RouteHandler<typeof exportAuditLog, AppEnv> = (c) =>
  csvDownload(c, 'audit-trail', AUDIT_CSV_COLUMNS, auditLogEntries(c.var.deps.db, c.req.valid('query')), { cast: { object: (value) => JSON.stringify(value) } }) as never;
