import { createHash } from 'node:crypto';
import type { RouteHandler } from '@hono/zod-openapi';
import { newsletterCounts, sendNewsletter } from '../../../../db/queries/newsletter.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { messagesWaiting } from '../../../messages/nudge.ts';
import type { getNewsletter, sendNewsletterRoute } from './newsletter.routes.ts';

export const getNewsletterHandler: RouteHandler<typeof getNewsletter, AppEnv> = async (c) => {
  return ok(c, 'Newsletter subscribers.', await newsletterCounts(c.var.deps.db));
};

export const sendNewsletterHandler: RouteHandler<typeof sendNewsletterRoute, AppEnv> = async (c) => {
  const { subject, body } = c.req.valid('json');
  // The same newsletter sent twice on a day (a double click, a retried request) is one sending.
  const day = new Date().toISOString().slice(0, 10);
  const issue = `${day}:${createHash('sha256').update(`${subject}\n${body}`).digest('hex').slice(0, 16)}`;
  const recipients = await sendNewsletter(c.var.deps.db, { issue, subject, body });
  if (recipients > 0) messagesWaiting();
  const said = recipients === 0
    ? 'Nobody has confirmed a subscription yet: nothing was sent.'
    : `The newsletter is on its way to ${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'}.`;
  return ok(c, said, { recipients });
};
