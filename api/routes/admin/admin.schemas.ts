import { z } from '@hono/zod-openapi';
import { requirePermission } from '../../auth.ts';
import { bearer, errorResponses } from '../../openapi/schemas.ts';
import type { Permission } from '../../../rules/permissions.ts';

/**
 * What every back-office route shares: its tag, the bearer token, and the permission it
 * needs (rules/permissions.ts), checked on the server from the database on every call and
 * stated in openapi.yaml as `x-permission`. A back-office route cannot be declared without one.
 */
export function adminRoute(permission: Permission) {
  return {
    tags: ['Back office'],
    security: bearer,
    middleware: [requirePermission(permission)],
    'x-permission': permission as string,
  };
}

/** Required text, trimmed; blank counts as missing and gets the document's message. */
export const requiredText = (message: string, max = 100, label = 'This field') =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters.`);

/** A record id from JSON (number or digits) or a query string, with a readable refusal. */
export const recordId = (field: string, message = `${field} must be a record id (a whole number, 1 or more).`) =>
  z.coerce
    .number<number | string>({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message)
    .openapi({ type: 'integer', example: 1 });

/** A page number or page size from a query or body, 1 to `max`, with a readable refusal. */
export const pageNumber = (field: string, max: number) => {
  const message = `${field} must be a whole number from 1 to ${max}.`;
  return z.coerce.number<number | string>({ error: message }).int(message).min(1, message).max(max, message);
};

/** An answer that carries no data beyond status and description. */
export const NoData = z.null();

/** The refusals every back-office route can give. */
export const adminErrors = { 400: errorResponses[400], 403: errorResponses[403] } as const;
