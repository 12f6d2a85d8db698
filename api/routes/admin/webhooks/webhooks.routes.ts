import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute, recordId } from '../admin.schemas.ts';
import { WEBHOOK_EVENTS } from '../../../../db/queries/webhooks.ts';

const Event = z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}.` });
const Events = z.array(Event, { error: 'events must be a list of event names.' }).min(1, 'Choose at least one event.').max(WEBHOOK_EVENTS.length);
const Url = z.string({ error: 'url is required.' }).trim().min(1, 'url is required.').max(2000, 'url must be at most 2000 characters.').openapi({ example: 'https://example.com/hooks/aurum' });

export const WebhookEndpoint = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(Event),
    active: z.boolean(),
    failing_since: z.string().nullable().openapi({ description: 'ISO 8601, UTC: the first failure since the last success; null while it answers.' }),
    disabled_reason: z.string().nullable().openapi({ description: 'Why it is off (turned off, or disabled after failing for days).' }),
    created_at: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('WebhookEndpoint');

const WithSecret = WebhookEndpoint.extend({
  secret: z.string().openapi({ description: 'The signing secret, "whsec_<base64>": shown this once. Verify webhook-signature with it (Standard Webhooks).', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
}).openapi('WebhookEndpointWithSecret');

export const WebhookDelivery = z
  .object({
    id: z.number().int(),
    message_id: z.string().openapi({ description: 'The webhook-id.' }),
    event: z.string(),
    attempt: z.number().int(),
    status_code: z.number().int().nullable().openapi({ description: 'The HTTP status answered; null when no answer came.' }),
    answer: z.string().nullable().openapi({ description: 'The first bytes of the answer.' }),
    error: z.string().nullable().openapi({ description: 'Why no answer came (timeout, refused address).' }),
    duration_ms: z.number().int(),
    at: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('WebhookDelivery');

const ownerOnly = 'Owner only: an endpoint receives orders with shoppers\' names, addresses and phones, so choosing where they go is the owner\'s decision.';

export const addWebhook = createRoute({
  ...adminRoute('staff.manage'),
  method: 'post',
  path: '/addwebhook',
  summary: 'Register a webhook endpoint',
  description: `Only http(s) URLs on public addresses (unless WEBHOOK_ALLOW_PRIVATE=1). Answers the signing secret once, as data.secret. ${ownerOnly}`,
  request: { body: jsonBody(z.strictObject({ url: Url, events: Events }).openapi('AddWebhook')) },
  responses: { 201: jsonOk(WithSecret, 'Registered; the secret is shown this once.'), ...adminErrors },
});

export const getWebhooks = createRoute({
  ...adminRoute('settings.manage'),
  method: 'get',
  path: '/getwebhooks',
  summary: 'The webhook endpoints',
  description: 'Every endpoint with its events and health; never its secret.',
  responses: { 200: jsonOk(z.array(WebhookEndpoint), 'The endpoints.'), ...adminErrors },
});

export const updateWebhook = createRoute({
  ...adminRoute('staff.manage'),
  method: 'put',
  path: '/updatewebhook',
  summary: 'Change a webhook endpoint: on or off, events, URL',
  description: `Turning it on again forgets its failures. ${ownerOnly}`,
  request: {
    body: jsonBody(
      z
        .strictObject({ id: recordId('id'), active: z.boolean({ error: 'active must be true or false.' }).optional(), events: Events.optional(), url: Url.optional() })
        .refine((b) => b.active !== undefined || b.events !== undefined || b.url !== undefined, { message: 'Send active, events or url to change.' })
        .openapi('UpdateWebhook'),
    ),
  },
  responses: { 200: jsonOk(WebhookEndpoint, 'Changed.'), ...adminErrors, 404: errorResponses[404] },
});

export const rotateWebhookSecret = createRoute({
  ...adminRoute('staff.manage'),
  method: 'post',
  path: '/rotatewebhooksecret',
  summary: 'Give a webhook endpoint a new signing secret',
  description: `The old secret stops signing at once; the new one is shown this once. ${ownerOnly}`,
  request: { body: jsonBody(z.strictObject({ id: recordId('id') }).openapi('RotateWebhookSecret')) },
  responses: { 200: jsonOk(WithSecret, 'The new secret, shown this once.'), ...adminErrors, 404: errorResponses[404] },
});

export const getWebhookDeliveries = createRoute({
  ...adminRoute('settings.manage'),
  method: 'get',
  path: '/getwebhookdeliveries',
  summary: "A webhook endpoint's recent deliveries",
  description: 'The last 50 attempts, newest first, with the status and the first bytes of each answer.',
  request: { query: z.object({ id: recordId('id') }) },
  responses: { 200: jsonOk(z.array(WebhookDelivery), 'The deliveries.'), ...adminErrors, 404: errorResponses[404] },
});

export const resendWebhook = createRoute({
  ...adminRoute('settings.manage'),
  method: 'post',
  path: '/resendwebhook',
  summary: 'Send a webhook message again',
  description: 'The message (sent or failed) is due at once with a fresh round of retries and the same webhook-id, so a receiver that already has it can tell.',
  request: { body: jsonBody(z.strictObject({ message_id: z.string({ error: 'message_id is required.' }).regex(/^msg_[0-9a-f]{32}$/, 'message_id must be a msg_… id.') }).openapi('ResendWebhook')) },
  responses: { 200: jsonOk(z.object({ id: z.number().int(), status: z.string() }), 'Due again.'), ...adminErrors, 404: errorResponses[404] },
});
