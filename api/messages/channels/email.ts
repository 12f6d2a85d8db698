/**
 * E-mail (issue 35): through the SMTP server of SMTP_URL (nodemailer, a small pool of
 * connections), or, without one, each message written as an .eml file under DATA_DIR/mail
 * for a developer to read. The Message-ID is the outbox's message_id at MAIL_FROM's domain
 * and the Date the message's creation, so every attempt sends the very same message.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../env.ts';
import type { OutboxMessage } from '../../../db/queries/outbox.ts';
import { NO_OWNER_EMAIL, ownerEmails } from '../../../db/queries/webhooks.ts';
import { NotRenderable, renderEmail } from '../render.ts';
import type { RenderContext } from '../template.ts';
import { type Channel, type KeptMessage, payloadOf, PermanentFailure } from './channel.ts';

/** The domain of a sender ("Shop <orders@shop.in>" -> shop.in). */
export function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** The Message-ID header of an outbox message sent from `from`. */
export function emailMessageId(message: Pick<OutboxMessage, 'message_id'>, from: string): string {
  return `<${message.message_id}@${domainOf(from)}>`;
}

/** How long one SMTP exchange may take: well inside the dispatcher's claim (OUTBOX_CLAIM_SECONDS). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Whether an SMTP error is for good (5xx: a refused address, a refused message), not a server away or busy. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function emailChannel(mail: Config['mail']): Channel {
  const transport =
    mail.transport === 'smtp'
      ? nodemailer.createTransport({ url: mail.url, pool: true, maxConnections: 4, ...SMTP_TIMEOUTS } as never)
      : nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = mail.transport === 'files' ? mail.dir : null;
  let dirMade: Promise<unknown> | undefined;

  return {
    async send(message: OutboxMessage, context: RenderContext) {
      let content;
      try {
        content = await renderEmail(message.event, payloadOf(message), context);
      } catch (error) {
        if (error instanceof NotRenderable) throw new PermanentFailure(error.message);
        throw error;
      }
      // "The owners" (a notice to the shop itself) are whoever has an address at this attempt.
      const to = message.recipient === NO_OWNER_EMAIL ? await ownerEmails(context.db) : message.recipient;
      if (!to.length) throw new PermanentFailure('No owner has an e-mail address: add one on My Profile, then Retry sends this message to it.');
      const mailOptions = {
        from: mail.from,
        to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        attachments: content.attachments,
        headers: content.headers,
        messageId: emailMessageId(message, mail.from),
        date: new Date(message.created_at),
      };
      try {
        const info = (await transport.sendMail(mailOptions)) as { message?: Buffer };
        if (dir) {
          dirMade ??= mkdir(dir, { recursive: true });
          await dirMade;
          // Written aside and renamed: a reader never sees half a message, and a retry replaces it.
          const file = path.join(dir, `${message.message_id}.eml`);
          await writeFile(`${file}.tmp`, info.message as Buffer);
          await rename(`${file}.tmp`, file);
        }
      } catch (error) {
        if (isPermanent(error)) throw new PermanentFailure(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    async close() {
      transport.close();
    },
    kept: dir ? (limit) => keptMail(dir, limit) : undefined,
  };
}

/** The .eml files under DATA_DIR/mail, newest first: To, Subject and Message-ID read from their headers. */
export async function keptMail(dir: string, limit: number): Promise<KeptMessage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const files = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(path.join(dir, name))).mtimeMs })));
  files.sort((a, b) => b.mtime - a.mtime);
  return Promise.all(
    files.slice(0, limit).map(async ({ name, mtime }) => {
      const text = await readFile(path.join(dir, name), 'utf8');
      const head = text.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
      const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      const id = /<([^@>]+)@/.exec(header('Message-ID'))?.[1] ?? null;
      return { message_id: id, to: header('To'), at: new Date(mtime).toISOString(), summary: decodeHeader(header('Subject')), file: name };
    }),
  );
}

/** A header's encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) as text. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}
