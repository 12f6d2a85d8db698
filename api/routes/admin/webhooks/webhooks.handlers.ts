import { randomBytes } from 'node:crypto';
import type { RouteHandler } from '@hono/zod-openapi';
import { addEndpoint, listDeliveries, listEndpoints, resendWebhook, rotateEndpointSecret, updateEndpoint } from '../../../../db/queries/webhooks.ts';
import { sealSecret } from '../../../../db/secrets.ts';
import { invalidError } from '../../../../rules/errors.ts';
import type { AppEnv } from '../../../context.ts';
import { created, ok } from '../../../errors.ts';
import { messagesWaiting } from '../../../messages/nudge.ts';
import { webhookUrlProblem } from '../../../messages/webhook-url.ts';
import type {
  addWebhook,
  getWebhookDeliveries,
  getWebhooks,
  resendWebhook as resendWebhookRoute,
  rotateWebhookSecret,
  updateWebhook,
} from './webhooks.routes.ts';

/** A new signing secret in the Standard Webhooks form: 24 random bytes. */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

async function checkedUrl(c: { var: { deps: { config: AppEnv['Variables']['deps']['config'] } } }, url: string): Promise<string> {
  const problem = await webhookUrlProblem(url, c.var.deps.config.webhooks.allowPrivate);
  if (problem) throw invalidError(problem, { field: 'url' });
  return new URL(url).toString();
}

export const addWebhookHandler: RouteHandler<typeof addWebhook, AppEnv> = async (c) => {
  const { url, events } = c.req.valid('json');
  const secret = newWebhookSecret();
  const endpoint = await addEndpoint(c.var.deps.db, { url: await checkedUrl(c, url), events, sealedSecret: sealSecret(c.var.deps.config.panKey, secret, 'webhook') });
  return created(c, 'Webhook endpoint registered. Copy the signing secret now: it is not shown again.', { ...endpoint, secret });
};

export const getWebhooksHandler: RouteHandler<typeof getWebhooks, AppEnv> = async (c) => ok(c, 'Webhook endpoints.', await listEndpoints(c.var.deps.db));

export const updateWebhookHandler: RouteHandler<typeof updateWebhook, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const url = body.url === undefined ? undefined : await checkedUrl(c, body.url);
  return ok(c, 'Webhook endpoint updated.', await updateEndpoint(c.var.deps.db, { ...body, url }));
};

export const rotateWebhookSecretHandler: RouteHandler<typeof rotateWebhookSecret, AppEnv> = async (c) => {
  const { id } = c.req.valid('json');
  const secret = newWebhookSecret();
  const endpoint = await rotateEndpointSecret(c.var.deps.db, id, sealSecret(c.var.deps.config.panKey, secret, 'webhook'));
  return ok(c, 'New signing secret. Copy it now: it is not shown again.', { ...endpoint, secret });
};

export const getWebhookDeliveriesHandler: RouteHandler<typeof getWebhookDeliveries, AppEnv> = async (c) =>
  ok(c, 'Recent deliveries.', await listDeliveries(c.var.deps.db, c.req.valid('query').id));

export const resendWebhookHandler: RouteHandler<typeof resendWebhookRoute, AppEnv> = async (c) => {
  const answer = await resendWebhook(c.var.deps.db, c.req.valid('json').message_id);
  messagesWaiting();
  return ok(c, 'The webhook will be sent again.', answer);
};
