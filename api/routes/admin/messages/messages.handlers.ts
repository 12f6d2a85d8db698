import type { RouteHandler } from '@hono/zod-openapi';
import { recordChange } from '../../../../db/audit.ts';
import { findMessage, listMessages, type OutboxMessage, retryFailed } from '../../../../db/queries/outbox.ts';
import { writeTransaction } from '../../../../db/transaction.ts';
import { conflictError, notFoundError } from '../../../../rules/errors.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { keptMail } from '../../../messages/channels/email.ts';
import { keptSms } from '../../../messages/channels/sms.ts';
import { messagesWaiting } from '../../../messages/nudge.ts';
import type { getMessages, retryMessage } from './messages.routes.ts';

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
