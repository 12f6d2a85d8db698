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

export const MessageQuery = z.object({ id: recordId('id') });

export const MessageContent = z
  .object({
    subject: z.string().nullable().openapi({ description: 'The e-mail\'s subject; null for an SMS or a webhook.' }),
    text: z.string().openapi({ description: 'The e-mail\'s plain-text part, the SMS text (sign-in and reset codes hidden), or the webhook\'s JSON body.' }),
    html: z.string().nullable().openapi({ description: 'The e-mail\'s HTML part; null for an SMS or a webhook.' }),
    attachments: z.array(z.string()).openapi({ description: 'The names of the files attached (the shipped e-mail\'s tax invoice).' }),
  })
  .openapi('MessageContent');

const MessageDetail = OutboxMessage.extend({
  content: MessageContent.nullable().openapi({ description: 'What the message says, made from its payload as the templates make it now; null when it cannot be rendered (render_error says why).' }),
  render_error: z.string().nullable(),
  kept: z
    .string()
    .nullable()
    .openapi({
      description:
        'What the embedded default kept of it, as sent: the .eml file written under DATA_DIR/mail (at most 1 MB), or its line of sms.log (codes hidden); null when an SMTP server or an SMS provider sent it, or it was not sent yet.',
    }),
  kept_truncated: z.boolean().openapi({ description: 'True when the .eml file was longer than what `kept` holds.' }),
}).openapi('MessageDetail');

export const getMessage = createRoute({
  ...adminRoute('orders.view'),
  method: 'get',
  path: '/getmessage',
  summary: 'One outgoing message and what it says',
  description:
    'The message with its content: the e-mail\'s subject, text and HTML parts, the SMS text or the webhook body, made from the payload the event wrote; ' +
    'and, with the embedded defaults, the .eml file or the sms.log line written when it was sent. One-time codes are hidden as in the SMS list.',
  request: { query: MessageQuery },
  responses: { 200: jsonOk(MessageDetail, 'The message and what it says.'), ...adminErrors, 404: errorResponses[404] },
});
