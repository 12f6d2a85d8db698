import { Readable } from 'node:stream';
import type { RouteHandler } from '@hono/zod-openapi';
import { stringify } from 'csv-stringify';
import { auditLogEntries, listAuditLog } from '../../../../db/queries/audit-log.ts';
import { isoTimestamp, utcTimestamp } from '../../../../db/time.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { AUDIT_CSV_COLUMNS, type exportAuditLog, type getAuditLog } from './audit.routes.ts';

export const getAuditLogHandler: RouteHandler<typeof getAuditLog, AppEnv> = async (c) => {
  const { page, perPage, ...filter } = c.req.valid('query');
  return ok(c, 'Audit trail.', await listAuditLog(c.var.deps.db, filter, page, perPage));
};

/** Streams the entries as CSV a chunk at a time (db/queries/audit-log.ts): any number of entries, little memory. */
export const exportAuditLogHandler: RouteHandler<typeof exportAuditLog, AppEnv> = async (c) => {
  const filter = c.req.valid('query');
  const csv = stringify({
    header: true,
    columns: [...AUDIT_CSV_COLUMNS],
    // A name typed as "=HYPERLINK(...)" must stay text when the file is opened in a spreadsheet.
    escape_formulas: true,
    cast: { object: (value) => JSON.stringify(value) },
  });
  Readable.from(auditLogEntries(c.var.deps.db, filter))
    .on('error', (error) => csv.destroy(error))
    .pipe(csv);
  const day = isoTimestamp(utcTimestamp()).slice(0, 10);
  return c.body(Readable.toWeb(csv) as ReadableStream<Uint8Array>, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="audit-trail-${day}.csv"`,
    'Cache-Control': 'private, no-store',
  });
};
