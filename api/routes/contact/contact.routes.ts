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
  summary: 'Sign up for the newsletter (double opt-in)',
  description:
    'Stores the address (compared case-insensitively) as pending and e-mails it a confirmation link; nothing else is sent until the address\'s owner confirms (POST /newsletter/confirm). The answer is the same whether the address is new, pending, confirmed or unsubscribed, so the form tells a visitor nothing about someone else\'s address; a pending address is sent its confirmation again at most every 10 minutes. At most 20 sign-ups an hour from one address (429 beyond).',
  request: { body: jsonBody(NewsletterBody) },
  responses: {
    200: jsonOk(z.null(), 'Thank you! Please check your inbox to confirm your subscription.'),
    400: errorResponses[400],
    429: errorResponses[429],
  },
});

export const NewsletterToken = z
  .string({ error: 'The link is incomplete. Please open it again from the e-mail.' })
  .trim()
  .min(16, 'The link is incomplete. Please open it again from the e-mail.')
  .max(64, 'The link is incomplete. Please open it again from the e-mail.')
  .openapi({ description: 'The subscription\'s token, from the link in its e-mail.' });

export const confirmNewsletter = createRoute({
  method: 'post',
  path: '/newsletter/confirm',
  tags: ['Accounts'],
  security: [],
  summary: 'Confirm a newsletter sign-up',
  description: 'The confirmation link\'s page calls this when the visitor presses Confirm. Confirming again is not an error. A token that was never issued, or whose subscription has since been unsubscribed, answers 404.',
  request: { body: jsonBody(z.object({ token: NewsletterToken }).openapi('ConfirmNewsletterBody')) },
  responses: {
    200: jsonOk(z.null(), 'Your subscription is confirmed.'),
    400: errorResponses[400],
    404: errorResponses[404],
    429: errorResponses[429],
  },
});

export const unsubscribeNewsletter = createRoute({
  method: 'post',
  path: '/newsletter/unsubscribe',
  tags: ['Accounts'],
  security: [],
  summary: 'Unsubscribe from the newsletter (one click)',
  description:
    'The address of every newsletter\'s List-Unsubscribe header (with List-Unsubscribe-Post: List-Unsubscribe=One-Click, RFC 8058): a mail client posts here with the form body List-Unsubscribe=One-Click, and the storefront\'s unsubscribe page posts here too. The body is not read. Unsubscribing again is not an error; an unknown token answers 404.',
  request: { query: z.object({ token: NewsletterToken }) },
  responses: {
    200: jsonOk(z.null(), 'You are unsubscribed.'),
    400: errorResponses[400],
    404: errorResponses[404],
    429: errorResponses[429],
  },
});
