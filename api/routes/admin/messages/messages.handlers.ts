import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RouteHandler } from '@hono/zod-openapi';
import { recordChange } from '../../../../db/audit.ts';
import { findMessage, listMessages, type OutboxMessage, retryFailed } from '../../../../db/queries/outbox.ts';
import { writeTransaction } from '../../../../db/transaction.ts';
import { conflictError, notFoundError } from '../../../../rules/errors.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { keptMail } from '../../../messages/channels/email.ts';
import { payloadOf } from '../../../messages/channels/channel.ts';
import { keptSms, withoutCodes } from '../../../messages/channels/sms.ts';
import { messagesWaiting } from '../../../messages/nudge.ts';
import { renderEmail, renderSms } from '../../../messages/render.ts';
import type { RenderContext } from '../../../messages/template.ts';
import type { getMessage, getMessages, retryMessage } from './messages.routes.ts';

/** How many of the embedded defaults' messages are listed. */
const KEPT_LISTED = 50;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function messageView(m: OutboxMessage) {
  return {
    id: m.id,
    channel: m.channel,
    event: m.event,
    recipient: m.recipient,
    status: m.status,
    attempts: m.attempts,
    last_error: m.last_error,
    message_id: m.message_id,
    createdAt: iso(m.created_at) as string,
    nextAttemptAt: m.status === 'pending' ? iso(m.next_attempt_at) : null,
    sentAt: iso(m.sent_at),
  };
}

export const getMessagesHandler: RouteHandler<typeof getMessages, AppEnv> = async (c) => {
  const { db, config } = c.var.deps;
  const [{ rows, total }, mailFiles, smsLog] = await Promise.all([
    listMessages(db, c.req.valid('query')),
    config.mail.transport === 'files' ? keptMail(config.mail.dir, KEPT_LISTED) : null,
    config.sms.provider === 'log' ? keptSms(config.sms.file, KEPT_LISTED) : null,
  ]);
  return ok(c, 'Messages.', { messages: rows.map(messageView), totalCount: total, mailFiles, smsLog });
};

export const retryMessageHandler: RouteHandler<typeof retryMessage, AppEnv> = async (c) => {
  const { id } = c.req.valid('json');
  const { db } = c.var.deps;
  await writeTransaction(
    db,
    async (trx) => {
      const before = await retryFailed(trx, id);
      if (!before) throw notFoundError('Message not found.');
      if (before.status !== 'failed') throw conflictError(before.status === 'sent' ? 'This message was sent already.' : 'This message is still being sent: only a failed message can be retried.');
      await recordChange(trx, {
        action: 'message.retry',
        entity: 'message',
        entity_id: id,
        before: { status: before.status, attempts: before.attempts, last_error: before.last_error },
        after: { status: 'pending', attempts: 0, last_error: before.last_error },
      });
    },
    { name: 'retry message' },
  );
  messagesWaiting();
  return ok(c, 'The message will be sent again.', messageView((await findMessage(db, id))!));
};

/** The most of an .eml file GET /getmessage answers (the shipped e-mail carries its invoice PDF). */
const KEPT_EML_BYTES = 1_000_000;

/** What a message says, made from its payload (codes hidden); an error's sentence when it cannot be made. */
async function contentOf(message: OutboxMessage, context: RenderContext) {
  try {
    if (message.channel === 'webhook') {
      return { content: { subject: null, text: JSON.stringify(payloadOf(message), null, 2), html: null, attachments: [] }, render_error: null };
    }
    if (message.channel === 'sms') {
      return { content: { subject: null, text: withoutCodes(await renderSms(message.event, payloadOf(message), context)), html: null, attachments: [] }, render_error: null };
    }
    const email = await renderEmail(message.event, payloadOf(message), context);
    return {
      content: { subject: email.subject, text: withoutCodes(email.text), html: withoutCodes(email.html), attachments: (email.attachments ?? []).map((a) => a.filename) },
      render_error: null,
    };
  } catch (error) {
    return { content: null, render_error: error instanceof Error ? error.message : String(error) };
  }
}

/** The .eml file the embedded default wrote for a message (at most KEPT_EML_BYTES), or its sms.log line; null when none. */
async function keptOf(message: OutboxMessage, config: AppEnv['Variables']['deps']['config']): Promise<{ kept: string | null; kept_truncated: boolean }> {
  const none = { kept: null, kept_truncated: false };
  // The file's name is the message id the shop made (msg_<hex>), never anything the client sent.
  if (message.channel === 'email' && config.mail.transport === 'files' && /^msg_[0-9a-f]+$/.test(message.message_id)) {
    let file;
    try {
      file = await open(path.join(config.mail.dir, `${message.message_id}.eml`), 'r');
    } catch {
      return none;
    }
    try {
      const { size } = await file.stat();
      const buffer = Buffer.alloc(Math.min(size, KEPT_EML_BYTES));
      await file.read(buffer, 0, buffer.length, 0);
      return { kept: buffer.toString('utf8'), kept_truncated: size > KEPT_EML_BYTES };
    } finally {
      await file.close();
    }
  }
  if (message.channel === 'sms' && config.sms.provider === 'log') {
    const log = await readFile(config.sms.file, 'utf8').catch(() => '');
    const line = log.split('\n').find((l) => l.includes(`"message_id":"${message.message_id}"`));
    return line ? { kept: withoutCodes(line), kept_truncated: false } : none;
  }
  return none;
}

export const getMessageHandler: RouteHandler<typeof getMessage, AppEnv> = async (c) => {
  const { db, config } = c.var.deps;
  const message = await findMessage(db, c.req.valid('query').id);
  if (!message) throw notFoundError('Message not found.');
  const [content, kept] = await Promise.all([contentOf(message, { db, config }), keptOf(message, config)]);
  return ok(c, 'Message.', { ...messageView(message), ...content, ...kept });
};
