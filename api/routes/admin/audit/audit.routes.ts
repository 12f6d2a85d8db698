import { createRoute, z } from '@hono/zod-openapi';
import { utcTimestamp } from '../../../../db/time.ts';
import { IST_OFFSET_MS } from '../../../../rules/dates.ts';
import { jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute, pageNumber } from '../admin.schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A bound of the time filter: a day (YYYY-MM-DD, a day in India: `from` its first second,
 * `to` its last) or an ISO 8601 time with its offset; answered as the database keeps times.
 */
export const moment = (field: 'from' | 'to') => {
  const message = `${field} must be a date (YYYY-MM-DD) or an ISO 8601 time such as 2026-12-01T10:30:00Z.`;
  return z
    .string({ error: message })
    .trim()
    .max(40, message)
    .transform((text, ctx) => {
      const day = DATE.exec(text);
      const ms = day ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : /T\d{2}:\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
      if (!Number.isFinite(ms) || (day && new Date(ms).toISOString().slice(0, 10) !== text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const at = day ? ms - IST_OFFSET_MS + (field === 'to' ? DAY_MS - 1000 : 0) : ms;
      return utcTimestamp(new Date(at));
    })
    .optional()
    .openapi({ type: 'string', example: field === 'from' ? '2026-12-01' : '2026-12-31' });
};

const text = (field: string, max: number, description: string) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, `${field} must be at most ${max} characters.`)
    .optional()
    .transform((value) => value || undefined)
    .openapi({ type: 'string', description });

/** The filters the list and the CSV export share. */
const AuditFilters = {
  actor: text('actor', 100, 'A staff member\'s u_id, or part of their name (any case).'),
  action: text('action', 60, 'An action (product.update), or its kind before the dot (product: every product action).'),
  entity: text('entity', 40, 'The kind of record: product, category, order, coupon, metal_rate, setting, staff, ...'),
  entity_id: text('entity_id', 60, 'The record\'s id (with entity: one record\'s history).'),
  from: moment('from').openapi({ description: 'From this day (YYYY-MM-DD, in India) or time (ISO 8601), inclusive.' }),
  to: moment('to').openapi({ description: 'Up to this day (YYYY-MM-DD, in India, the whole day) or time (ISO 8601), inclusive.' }),
};

const checkRange = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', message: 'from must not be after to.', path: ['from'] });
};

export const AuditLogQuery = z
  .object({
    page: pageNumber('page', 100_000).default(1),
    perPage: pageNumber('perPage', 100).default(20).openapi({ description: 'Entries per page, 1 to 100 (default 20).' }),
    ...AuditFilters,
  })
  .superRefine(checkRange);

export const AuditExportQuery = z.object(AuditFilters).superRefine(checkRange);

const Values = z.record(z.string(), z.unknown()).nullable();

export const AuditEntry = z
  .object({
    id: z.number().int(),
    actor_u_id: z.number().int().nullable().openapi({ description: 'The staff member (null never in practice; kept when their account is deleted).' }),
    actor_name: z.string().openapi({ description: 'Their name when they acted.' }),
    role: z.string().nullable().openapi({ description: 'Their role when they acted.' }),
    action: z.string().openapi({ example: 'product.update' }),
    entity: z.string().openapi({ example: 'product' }),
    entity_id: z.string().nullable().openapi({ example: '12' }),
    before: Values.openapi({ description: 'The fields that changed, as they were (null: the record was created). Never a password, token or TOTP secret ("(changed)"), a PAN masked.' }),
    after: Values.openapi({ description: 'The same fields as they became (null: the record was deleted).' }),
    ip: z.string().nullable(),
    request_id: z.string().nullable().openapi({ description: 'The request\'s X-Request-Id, as in the logs.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('AuditEntry');

const AuditPage = z.object({ auditData: z.array(AuditEntry), totalCount: z.number().int() }).openapi('AuditPage');

export const getAuditLog = createRoute({
  ...adminRoute('audit.view'),
  method: 'get',
  path: '/getauditlog',
  summary: 'The audit trail: who changed what in the back office',
  description:
    'Every back-office write, recorded in the same transaction as the change: who (staff member and role), what (action, entity and id), ' +
    'the fields that changed before and after, when, from which address and in which request. Newest first. Append-only: no call changes or deletes an entry.',
  request: { query: AuditLogQuery },
  responses: { 200: jsonOk(AuditPage, 'One page of entries and how many match.'), ...adminErrors },
});

export const AUDIT_CSV_COLUMNS = ['id', 'createdAt', 'actor_u_id', 'actor_name', 'role', 'action', 'entity', 'entity_id', 'before', 'after', 'ip', 'request_id'] as const;

export const exportAuditLog = createRoute({
  ...adminRoute('audit.view'),
  method: 'get',
  path: '/getauditlog.csv',
  summary: 'The audit trail as CSV',
  description:
    `Every entry the filters match (the list's filters, no paging), newest first, streamed as CSV with a header row: ${AUDIT_CSV_COLUMNS.join(', ')}. ` +
    'before and after are JSON text; a cell that a spreadsheet would run as a formula is prefixed with a quote.',
  request: { query: AuditExportQuery },
  responses: {
    200: { content: { 'text/csv': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The entries, as a download.' },
    ...adminErrors,
  },
});
