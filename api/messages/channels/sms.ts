/**
 * SMS (issue 35): SMS_PROVIDER=log (the default) appends each message as a JSON line
 * {to, text, at, message_id} to DATA_DIR/sms.log for a developer to read; twilio sends it
 * through Twilio's Messages API (SMS_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM).
 */
import { appendFile, readFile } from 'node:fs/promises';
import type { Config } from '../../env.ts';
import type { OutboxMessage } from '../../../db/queries/outbox.ts';
import { NotRenderable, renderSms } from '../render.ts';
import type { RenderContext } from '../template.ts';
import { type Channel, type KeptMessage, payloadOf, PermanentFailure } from './channel.ts';

/** How long the provider may take to answer: well inside the dispatcher's claim. */
const PROVIDER_TIMEOUT_MS = 15_000;

async function textOf(message: OutboxMessage, context: RenderContext): Promise<string> {
  try {
    return await renderSms(message.event, payloadOf(message), context);
  } catch (error) {
    if (error instanceof NotRenderable) throw new PermanentFailure(error.message);
    throw error;
  }
}

export function smsChannel(sms: Config['sms']): Channel {
  if (sms.provider === 'log') {
    const file = sms.file;
    return {
      async send(message, context) {
        const text = await textOf(message, context);
        // One write of one line (O_APPEND): lines of messages sent at once never interleave.
        await appendFile(file, `${JSON.stringify({ to: message.recipient, text, at: new Date().toISOString(), message_id: message.message_id })}\n`);
      },
      kept: (limit) => keptSms(file, limit),
    };
  }
  const endpoint = `${sms.url}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`;
  return {
    async send(message, context) {
      const text = await textOf(message, context);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.recipient, From: sms.from, Body: text }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (response.ok) return;
      const answer = `SMS provider answered ${response.status}: ${(await response.text()).slice(0, 300)}`;
      // A refused number or message is for good; throttling (429) and the provider's own trouble (5xx) pass.
      if (response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 408) throw new PermanentFailure(answer);
      throw new Error(answer);
    },
  };
}

/**
 * A text as the back office may show it: a sign-in or password-reset code is hidden, so that
 * staff who read the messages cannot take over a shopper's account with it.
 */
export function withoutCodes(text: string): string {
  return text.replace(/(code is )\d{4,8}/gi, '$1(hidden)');
}

/** The last lines of sms.log, newest first (codes hidden: withoutCodes). */
export async function keptSms(file: string, limit: number): Promise<KeptMessage[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const lines = text.split('\n').filter(Boolean).slice(-limit).reverse();
  return lines.flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { to: string; text: string; at: string; message_id?: string };
      return [{ message_id: entry.message_id ?? null, to: entry.to, at: entry.at, summary: withoutCodes(entry.text), file: 'sms.log' }];
    } catch {
      return [];
    }
  });
}
