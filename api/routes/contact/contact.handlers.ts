import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { insertContactMessage } from '../../../db/queries/contact.ts';
import { confirmSubscription, subscribeToNewsletter, unsubscribe } from '../../../db/queries/newsletter.ts';
import { messagesWaiting } from '../../messages/nudge.ts';
import { clientAddress } from '../../client-address.ts';
import type { AppEnv } from '../../context.ts';
import { notFoundError, tooManyError } from '../../../rules/errors.ts';
import { created, ok } from '../../errors.ts';
import { hitRateLimit, type Limit } from '../../rate-limit.ts';
import type { confirmNewsletter, contactUs, newsletter, unsubscribeNewsletter } from './contact.routes.ts';

// Generous for a person, tight for a script filling the inquiries inbox.
const FORM_LIMIT: Limit = { max: 20, windowMs: 60 * 60_000 };

async function limitForms(c: Context<AppEnv>, form: string) {
  const wait = await hitRateLimit(c.var.deps.db, `${form}:address:${clientAddress(c)}`, FORM_LIMIT);
  if (wait > 0) throw tooManyError(`Too many messages. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
}

export const contactUsHandler: RouteHandler<typeof contactUs, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  await limitForms(c, 'contact');
  const c_id = await insertContactMessage(c.var.deps.db, { name: body.name, email: body.email, message: body.message, mo_no: body.mo_no });
  return created(c, 'Thank you for contacting us! We will get back to you soon.', { c_id });
};

export const newsletterHandler: RouteHandler<typeof newsletter, AppEnv> = async (c) => {
  const { email } = c.req.valid('json');
  await limitForms(c, 'newsletter');
  if ((await subscribeToNewsletter(c.var.deps.db, email)) === 'confirmation_sent') messagesWaiting();
  return ok(c, 'Thank you! Please check your inbox to confirm your subscription.', null);
};

export const confirmNewsletterHandler: RouteHandler<typeof confirmNewsletter, AppEnv> = async (c) => {
  const { token } = c.req.valid('json');
  await limitForms(c, 'newsletter-link');
  const outcome = await confirmSubscription(c.var.deps.db, token);
  if (outcome === 'unknown') throw notFoundError('This confirmation link is no longer valid. Please sign up for the newsletter again.');
  return ok(c, outcome === 'confirmed' ? 'Your subscription is confirmed. Thank you!' : 'Your subscription was already confirmed.', null);
};

export const unsubscribeNewsletterHandler: RouteHandler<typeof unsubscribeNewsletter, AppEnv> = async (c) => {
  const { token } = c.req.valid('query');
  await limitForms(c, 'newsletter-link');
  if ((await unsubscribe(c.var.deps.db, token)) === 'unknown') throw notFoundError('This unsubscribe link is not valid. If newsletters still reach you, write to us from the contact page.');
  return ok(c, 'You are unsubscribed. You will receive no more newsletters from us.', null);
};
