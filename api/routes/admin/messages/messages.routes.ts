import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute, pageNumber, recordId } from '../admin.schemas.ts';

export const MessagesQuery = z.object({
  status: z
    .enum(['pending', 'sent', 'failed'], { error: 'status must be pending, sent or failed.' })
    .optional()
    .openapi({ description: 'pending (waiting or being retried), sent, or failed (given up: Retry sends it again).' }),
  channel: z.enum(['email', 'sms', 'webhook'], { error: 'channel must be email, sms or webhook.' }).optional(),
  page: pageNumber('page', 100_000).default(1),
  perPage: pageNumber('perPage', 100).default(20).openapi({ description: 'Messages per page, 1 to 100 (default 20).' }),
});

export const OutboxMessage = z
  .object({
    id: z.number().int(),
    channel: z.enum(['email', 'sms', 'webhook']),
    event: z.string().openapi({ example: 'order.placed' }),
    recipient: z.string().openapi({ description: 'The e-mail address, the phone (E.164) or the webhook endpoint.' }),
    status: z.enum(['pending', 'sent', 'failed']),
    attempts: z.number().int().openapi({ description: 'Attempts so far (since the last Retry).' }),
    last_error: z.string().nullable().openapi({ description: "Why the last attempt failed (the server's or provider's answer); null once sent." }),
    message_id: z.string().openapi({ description: 'The same on every attempt: the e-mail\'s Message-ID is <message_id@sender\'s domain>; a webhook\'s webhook-id.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC: when the change that sends it committed.' }),
    nextAttemptAt: z.string().nullable().openapi({ description: 'ISO 8601, UTC: when it is tried next (pending only).' }),
    sentAt: z.string().nullable().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('OutboxMessage');

export const KeptMessage = z
  .object({
    message_id: z.string().nullable(),
    to: z.string(),
    at: z.string().openapi({ description: 'ISO 8601, UTC.' }),
    summary: z.string().openapi({ description: 'The subject (e-mail) or the text (SMS).' }),
    file: z.string().openapi({ description: "The .eml file's name under DATA_DIR/mail, or sms.log." }),
  })
  .openapi('KeptMessage');

const MessagesPage = z
  .object({
    messages: z.array(OutboxMessage),
    totalCount: z.number().int(),
    mailFiles: z
      .array(KeptMessage)
      .nullable()
      .openapi({ description: 'Without SMTP_URL: the newest 50 e-mails written as .eml files under DATA_DIR/mail (null when an SMTP server sends them).' }),
    smsLog: z
      .array(KeptMessage)
      .nullable()
      .openapi({ description: 'With SMS_PROVIDER=log: the newest 50 lines of DATA_DIR/sms.log (null when a provider sends them).' }),
  })
  .openapi('MessagesPage');

export const getMessages = createRoute({
  ...adminRoute('orders.view'),
  method: 'get',
  path: '/getmessages',
  summary: "The shop's outgoing messages: e-mail, SMS and webhooks",
  description:
    'Every message the shop sends is written with the change that causes it and sent afterwards, retried with a growing back-off ' +
    'for about a day; a message still failing then is failed, with the error, until Retry (POST /retrymessage). Newest first. ' +
    'When the embedded defaults are in use, the e-mails written as .eml files and the SMS lines of sms.log are listed too.',
  request: { query: MessagesQuery },
  responses: { 200: jsonOk(MessagesPage, 'One page of messages, how many match, and what the embedded defaults kept.'), ...adminErrors },
});

export const RetryMessageBody = z.object({ id: recordId('id') }).openapi('RetryMessageBody');

export const retryMessage = createRoute({
  ...adminRoute('settings.manage'),
  method: 'post',
  path: '/retrymessage',
  summary: 'Send a failed message again',
  description: 'A failed message becomes pending, due at once, with a fresh round of retries. The same message is sent (same Message-ID or webhook-id).',
  request: { body: jsonBody(RetryMessageBody) },
  responses: {
    200: jsonOk(OutboxMessage, 'The message, pending again.'),
    ...adminErrors,
    404: errorResponses[404],
    409: { ...errorResponses[409], description: 'The message is not failed (pending or sent already).' },
  },
});
