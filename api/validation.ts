import type { Hook } from '@hono/zod-openapi';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

/** One readable sentence for the first problem zod found. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`;
  // Messages written on the schema (the documents' own texts) are shown as they are.
  if (!/^Invalid input|^Too (big|small)|^Invalid (string|number)/.test(issue.message)) return issue.message;
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Every request zod refuses becomes a 400 envelope, before the handler runs. */
export const validationHook: Hook<unknown, any, any, any> = (result) => {
  if (!result.success) throw new ApiError(400, describeIssues(result.error as z.ZodError));
};
