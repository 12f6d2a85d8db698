import type { Hook } from '@hono/zod-openapi';
import type { z } from 'zod';
import { invalidError } from '../rules/errors.ts';

/** zod's own messages ("Invalid input: expected number, received NaN"), never shown as they are. */
const ZOD_DEFAULT = /^(Invalid input|Invalid option|Invalid (string|number|email address|URL|UUID|date)$|Too (big|small)|Expected |Invalid$)/;

const A_OR_AN = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
const KIND_WORDS: Record<string, string> = { int: 'whole number', array: 'list', object: 'set of fields', boolean: 'true or false' };

/** A sentence naming the field for an issue whose message is zod's own. */
function sentenceFor(issue: z.core.$ZodIssue, label: string): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (/received undefined$/.test(issue.message)) return `${label} is required.`;
      return `${label} must be ${A_OR_AN(KIND_WORDS[issue.expected] ?? issue.expected)}.`;
    }
    case 'too_small':
    case 'too_big': {
      // An exclusive bound (positive(), gt()) is not reached by its own value: "p_id must be more than 0", not "at least 0".
      const bound =
        issue.code === 'too_small'
          ? `${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}`
          : `${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}`;
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      return `${label} must be ${bound}${unit}.`;
    }
    case 'invalid_value':
      return `${label} must be one of ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return `${label} is not ${A_OR_AN(`valid ${issue.format}`)}.`;
    default:
      return `${label} is not valid.`;
  }
}

/** One readable sentence for the first problem zod found, naming the field. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`;
  // Messages written on the schema (the documents' own texts) are shown as they are.
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  return sentenceFor(issue, field || 'The request body');
}

/** Every request zod refuses becomes a 400 envelope, before the handler runs. */
export const validationHook: Hook<unknown, any, any, any> = (result) => {
  if (!result.success) throw invalidError(describeIssues(result.error as z.ZodError));
};
