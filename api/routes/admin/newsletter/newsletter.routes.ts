import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute, requiredText } from '../admin.schemas.ts';

const NewsletterCounts = z
  .object({
    pending: z.number().int().openapi({ description: 'Signed up, not yet confirmed from the e-mail: they receive nothing.' }),
    confirmed: z.number().int().openapi({ description: 'Confirmed: a newsletter goes to each of them.' }),
    unsubscribed: z.number().int(),
  })
  .openapi('NewsletterCounts');

export const getNewsletter = createRoute({
  ...adminRoute('newsletter.send'),
  method: 'get',
  path: '/getnewsletter',
  summary: "The newsletter's subscribers, counted by state",
  description: 'Double opt-in (issue 35): only confirmed addresses receive a newsletter.',
  responses: { 200: jsonOk(NewsletterCounts, 'The counts.'), ...adminErrors },
});

export const SendNewsletterBody = z
  .object({
    subject: requiredText('Subject is required.', 150, 'Subject'),
    body: requiredText('The newsletter text is required.', 20_000, 'The newsletter text').openapi({
      description: 'Plain text; a blank line starts a new paragraph. The shop adds its heading, its look and each subscriber\'s own unsubscribe link.',
    }),
  })
  .openapi('SendNewsletterBody');

export const sendNewsletterRoute = createRoute({
  ...adminRoute('newsletter.send'),
  method: 'post',
  path: '/sendnewsletter',
  summary: 'Send a newsletter to every confirmed subscriber',
  description:
    'One e-mail per confirmed subscriber, written to the outbox in one transaction (all or none) and sent by the dispatcher; each carries a one-click unsubscribe link and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058). The same subject and text sent again on the same day reach nobody twice. Recorded in the audit trail.',
  request: { body: jsonBody(SendNewsletterBody) },
  responses: {
    200: jsonOk(z.object({ recipients: z.number().int() }).openapi('NewsletterSent'), 'On its way (recipients may be 0: nobody has confirmed yet).'),
    ...adminErrors,
  },
});
