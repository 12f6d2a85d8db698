import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { insertContactMessage, subscribeToNewsletter } from '../../../db/queries/contact.ts';
import { clientAddress } from '../../client-address.ts';
import type { AppEnv } from '../../context.ts';
import { tooManyError } from '../../../rules/errors.ts';
import { created, ok } from '../../errors.ts';
import { hitRateLimit, type Limit } from '../../rate-limit.ts';
import type { contactUs, newsletter } from './contact.routes.ts';

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
  const subscribed = await subscribeToNewsletter(c.var.deps.db, email);
  return subscribed ? created(c, 'Thank you for subscribing!', null) : ok(c, 'You are already subscribed.', null);
};
