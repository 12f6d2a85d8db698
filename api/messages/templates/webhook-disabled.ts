/**
 * The owner's notice that a webhook endpoint was disabled after failing for too long (issue 35):
 * which endpoint, since when it failed, the last error, and how to turn it on again. Written in
 * the transaction that disables it (db/queries/webhooks.ts disableFailingEndpoint), on the shop's
 * page (layout.ts) like the order messages.
 */
import type { WebhookDisabledPayload } from '../../../db/queries/webhooks.ts';
import type { EmailContent, RenderContext, Template } from '../template.ts';
import { Action, Eyebrow, Facts, P, renderParts, SHOP_NAME, Small, Title } from './layout.ts';

/** "2026-12-08T10:30:00Z" -> "8 December 2026, 4:00 pm" (India time). */
function momentText(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
}

/** An endpoint's host, for the subject. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const webhookDisabled: Template<WebhookDisabledPayload> = {
  async email(notice, context: RenderContext): Promise<EmailContent> {
    const screen = `${context.config.publicUrl}/admin/webhooks`;
    const hours = `${notice.after_hours} hour${notice.after_hours === 1 ? '' : 's'}`;
    const parts = await renderParts(
      `Webhook endpoint #${notice.endpoint_id} stopped answering and was turned off.`,
      [
        Title('A webhook endpoint was turned off'),
        P(
          `The endpoint ${notice.url} has not accepted a delivery since ${momentText(notice.failing_since)}. ` +
            `After more than ${hours} of failures the shop stopped sending to it on ${momentText(notice.disabled_at)}.`,
        ),
        Facts([
          { label: 'Endpoint', value: `#${notice.endpoint_id} ${notice.url}` },
          { label: 'Events', value: notice.events.join(', ') },
          { label: 'Failing since', value: momentText(notice.failing_since) },
          { label: 'Turned off', value: momentText(notice.disabled_at) },
          { label: 'Last error', value: notice.last_error, strong: true },
        ]),
        Eyebrow('To turn it on again'),
        P(
          'Fix the receiving server (it must answer with a 2xx status within 10 seconds), then open Webhooks in the back office and press Enable. ' +
            'Events that happen while it is off are not sent to it; a delivery that failed can be sent again with Resend.',
        ),
        Action(screen, 'Open Webhooks'),
      ],
      context.config.seller?.legalName ?? SHOP_NAME,
      // Not the order messages' footer ("because of an order you placed"): this goes to the shop's owners.
      [Small(`${context.config.seller?.legalName ?? SHOP_NAME} · Sent to the shop's owners because an integration stopped receiving the shop's events.`)],
    );
    return { subject: `Webhook endpoint turned off: ${hostOf(notice.url)}`, ...parts };
  },
};

export const webhookTemplates: Record<string, Template> = { 'webhook.disabled': webhookDisabled };
