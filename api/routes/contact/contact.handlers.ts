import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { clientAddress } from '../../client-address.ts';
import type { AppEnv } from '../../context.ts';
import { created, ok, tooManyAttempts } from '../../errors.ts';
import { hitRateLimit, type Limit } from '../../rate-limit.ts';
import type { contactUs, newsletter } from './contact.routes.ts';

// Generous for a person, tight for a script filling the inquiries inbox.
const FORM_LIMIT: Limit = { max: 20, windowMs: 60 * 60_000 };

async function limitForms(c: Context<AppEnv>, form: string) {
  const wait = await hitRateLimit(c.var.deps.db, `${form}:address:${clientAddress(c)}`, FORM_LIMIT);
  if (wait > 0) throw tooManyAttempts(`Too many messages. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
}

export const contactUsHandler: RouteHandler<typeof contactUs, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  await limitForms(c, 'contact');
  const row = await c.var.deps.db
    .insertInto('contact_messages')
    .values({ name: body.name, email: body.email, message: body.message, mo_no: body.mo_no, status: 'new' })
    .returning('c_id')
    .executeTakeFirstOrThrow();
  return created(c, 'Thank you for contacting us! We will get back to you soon.', { c_id: row.c_id });
};

export const newsletterHandler: RouteHandler<typeof newsletter, AppEnv> = async (c) => {
  const { email } = c.req.valid('json');
  await limitForms(c, 'newsletter');
  const row = await c.var.deps.db
    .insertInto('newsletter_subscribers')
    .values({ email: email.toLowerCase() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('n_id')
    .executeTakeFirst();
  return row ? created(c, 'Thank you for subscribing!', null) : ok(c, 'You are already subscribed.', null);
};
