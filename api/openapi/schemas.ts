import { z } from '@hono/zod-openapi';

/** The success envelope around a route's `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(1),
    description: z.string(),
    data,
  });
}

export const ErrorEnvelope = z
  .object({
    status: z.literal(0),
    description: z.string().openapi({ example: 'Please log in to continue.' }),
    data: z.unknown().nullable(),
  })
  .openapi('ErrorEnvelope');

const errorResponse = (description: string) => ({
  content: { 'application/json': { schema: ErrorEnvelope } },
  description,
});

/** The refusals any route may give, documented once. */
export const errorResponses = {
  400: errorResponse('Bad input: the description says what to fix; nothing was changed.'),
  403: errorResponse('Missing, invalid or expired token, or not allowed for this caller. The storefront logs out.'),
  404: errorResponse('Not found.'),
  409: errorResponse('Conflicts with the current state (a duplicate, or a record still in use).'),
  413: errorResponse('Too large.'),
  429: errorResponse('Too many attempts; retry after the Retry-After header.'),
} as const;

/** A success response whose body is the envelope around `data`. */
export function jsonOk<T extends z.ZodType>(data: T, description: string) {
  return { content: { 'application/json': { schema: envelope(data) } }, description };
}

/** A required JSON request body (without `required`, a wrong content type would skip validation). */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

export const bearer = [{ Bearer: [] }];

/** A whole number given as a number or as digits in a string (the storefront sends both). */
export const Id = z.coerce.number<number | string>().int().positive();
/** 0/1 flags that arrive as numbers or strings ('0', 1). */
export const Flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((v) => Number(v) as 0 | 1);
