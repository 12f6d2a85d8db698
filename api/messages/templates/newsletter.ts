/**
 * The newsletter's messages (issue 35): the double opt-in confirmation, and the newsletter
 * itself, marketing, so it carries a one-click unsubscribe link in its text and the
 * List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058) a mail client's own
 * Unsubscribe button posts to. Order messages are not marketing and carry neither.
 */
import type { NewsletterConfirmPayload, NewsletterIssuePayload } from '../../../db/queries/newsletter.ts';
import type { EmailContent, RenderContext, Template } from '../template.ts';
import { A, Action, P, SHOP_NAME, Small, Title, renderParts } from './layout.ts';

/** The storefront page that confirms a sign-up (the visitor presses Confirm there). */
export function confirmUrl(context: RenderContext, token: string): string {
  return `${context.config.publicUrl}/subscription?confirm=${encodeURIComponent(token)}`;
}

/** The storefront page that unsubscribes (the link in the newsletter's text). */
export function unsubscribePageUrl(context: RenderContext, token: string): string {
  return `${context.config.publicUrl}/subscription?unsubscribe=${encodeURIComponent(token)}`;
}

/** The API address a mail client posts to for a one-click unsubscribe (RFC 8058). */
export function oneClickUnsubscribeUrl(context: RenderContext, token: string): string {
  return `${context.config.publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

const legalName = (context: RenderContext) => context.config.seller?.legalName ?? SHOP_NAME;

const newsletterConfirm: Template<NewsletterConfirmPayload> = {
  async email(signUp, context): Promise<EmailContent> {
    const footer = [
      Small(`${legalName(context)} · You receive this because this address was entered in the newsletter sign-up on our website. If it was not you, ignore this e-mail: without your confirmation we will not write again.`),
    ];
    return {
      subject: `Please confirm your subscription to the ${SHOP_NAME} newsletter`,
      ...(await renderParts(
        'One click to confirm, and you will hear about new collections first.',
        [
          Title('Confirm your subscription'),
          P(`Thank you for signing up for the ${SHOP_NAME} newsletter with ${signUp.email}.`),
          P('Please confirm that this is your address. Until you do, we send you nothing.'),
          Action(confirmUrl(context, signUp.token), 'Confirm my subscription'),
          Small('You can unsubscribe at any time with the link at the bottom of every newsletter.'),
        ],
        legalName(context),
        footer,
      )),
    };
  },
};

const newsletterIssue: Template<NewsletterIssuePayload> = {
  async email(issue, context): Promise<EmailContent> {
    const unsubscribePage = unsubscribePageUrl(context, issue.token);
    const paragraphs = issue.body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
    const footer = [
      Small(`${legalName(context)} · You receive this because you subscribed to the ${SHOP_NAME} newsletter with ${issue.email}.`),
      Small(A(unsubscribePage, 'Unsubscribe'), ' with one click; you will receive no more newsletters.'),
    ];
    return {
      subject: issue.subject,
      ...(await renderParts(paragraphs[0] ?? issue.subject, [Title(issue.subject), ...paragraphs.map((paragraph) => P(paragraph))], legalName(context), footer)),
      headers: {
        'List-Unsubscribe': `<${oneClickUnsubscribeUrl(context, issue.token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  },
};

/** The newsletter events' templates (api/messages/render.ts `templates`). */
export const newsletterTemplates: Record<string, Template> = {
  'newsletter.confirm': newsletterConfirm,
  'newsletter.issue': newsletterIssue,
};
