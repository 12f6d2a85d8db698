import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../rules/email.ts';

export const ContactUsBody = z
  .object({
    name: z.string({ error: 'Full Name is required.' }).trim().min(1, 'Full Name is required.').max(100, 'Full Name must be at most 100 characters.'),
    email: z
      .string({ error: 'Email is required.' })
      .trim()
      .min(1, 'Email is required.')
      .max(EMAIL_MAX_LENGTH, 'Please enter a valid email message.')
      .regex(EMAIL_PATTERN, 'Please enter a valid email message.'),
    message: z.string({ error: 'Message is required.' }).trim().min(1, 'Message is required.').max(5000, 'Message must be at most 5000 characters.'),
    mo_no: z
      .union([z.string().trim().max(20, 'Mobile number must be at most 20 characters.'), z.number(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined ? '' : String(v)))
      .openapi({ type: 'string', description: 'Optional mobile number (the storefront form has no field for it).' }),
  })
  .openapi('ContactUsBody');

export const NewsletterBody = z
  .object({
    email: z
      .string({ error: 'Email is required.' })
      .trim()
      .min(1, 'Email is required.')
      .max(EMAIL_MAX_LENGTH, 'Please enter a valid email address.')
      .regex(EMAIL_PATTERN, 'Please enter a valid email address.'),
  })
  .openapi('NewsletterBody');

export const contactUs = createRoute({
  method: 'post',
  path: '/contactus',
  tags: ['Accounts'],
  security: [],
  summary: 'Send a contact message',
  description: 'Stored with status "new" for the back office (the dashboard\'s inquiries). At most 20 messages an hour from one address (429 beyond).',
  request: { body: jsonBody(ContactUsBody) },
  responses: {
    201: jsonOk(z.object({ c_id: z.number().int() }), 'Received.'),
    400: errorResponses[400],
    429: errorResponses[429],
  },
});

export const newsletter = createRoute({
  method: 'post',
  path: '/newsletter',
  tags: ['Accounts'],
  security: [],
  summary: 'Sign up for the newsletter',
  description:
    'Stores the address once (compared case-insensitively). Signing up again is not an error: it answers 200 with status 1 and "You are already subscribed.", so the form never tells a visitor anything an error would.',
  request: { body: jsonBody(NewsletterBody) },
  responses: {
    201: jsonOk(z.null(), 'Subscribed.'),
    200: jsonOk(z.null(), 'Already subscribed.'),
    400: errorResponses[400],
    429: errorResponses[429],
  },
});
