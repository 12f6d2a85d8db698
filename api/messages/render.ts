/**
 * What each event's messages say (issue 35): `templates` maps an event to its e-mail (subject,
 * HTML and plain text, attachments) and its SMS text, made from the payload the event enqueued
 * (api/messages/events.ts). Rendered when the message is sent, never in the shopper's request.
 * The templates are React Email components on the shop's page (templates/layout.ts).
 */
import type { EmailContent, RenderContext, Template } from './template.ts';
import { newsletterTemplates } from './templates/newsletter.ts';
import { orderTemplates } from './templates/orders.ts';
import { returnTemplates } from './templates/return-updates.ts';
import { webhookTemplates } from './templates/webhook-disabled.ts';
import type { PasswordResetPayload } from '../../db/queries/password-resets.ts';

/** A message that cannot be rendered (no template for its event and channel): sending it again would not help. */
export class NotRenderable extends Error {}

export { moneyText, trackUrl } from './links.ts';

/** Each event's templates. */
export const templates: Record<string, Template> = {
  ...orderTemplates,
  ...returnTemplates,
  ...webhookTemplates,
  ...newsletterTemplates,
  'account.password_reset': {
    secretPayload: true,
    sms: (reset: PasswordResetPayload) => `Your Aurum Jewels code is ${reset.code}. It expires in ${reset.minutes} minutes. If you did not ask, ignore this message.`,
  },
};

/** The e-mail an event's payload makes. */
export async function renderEmail(event: string, payload: unknown, context: RenderContext): Promise<EmailContent> {
  const make = templates[event]?.email;
  if (!make) throw new NotRenderable(`No e-mail template for the event ${event}`);
  return make(payload, context);
}

/** The SMS text an event's payload makes. */
export async function renderSms(event: string, payload: unknown, context: RenderContext): Promise<string> {
  const make = templates[event]?.sms;
  if (!make) throw new NotRenderable(`No SMS template for the event ${event}`);
  return make(payload, context);
}
