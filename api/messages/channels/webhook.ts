/**
 * Webhooks (issue 35): POSTs an outbox message's payload to its endpoint, signed as the
 * Standard Webhooks convention says (https://www.standardwebhooks.com): headers
 *   webhook-id: the message's message_id (the same on every attempt),
 *   webhook-timestamp: seconds since the epoch, at this attempt,
 *   webhook-signature: v1,<base64 HMAC-SHA256 over "id.timestamp.body" with the secret's bytes>
 * (the secret is "whsec_<base64>": its key is the decoded part). node:crypto does the HMAC.
 * A 2xx answer is a delivery; anything else is tried again with the outbox's back-off. Each
 * attempt is recorded (status and the first bytes of the answer) and the endpoint's health
 * with it; one failing for longer than WEBHOOK_DISABLE_AFTER_HOURS since its first failure
 * is disabled with a reason the back office shows, and the owner is told by e-mail. Redirects are never followed; the address
 * connected to is checked in the lookup itself (webhook-url.ts), so DNS rebinding cannot
 * aim a delivery at the shop's own network. 10 s per attempt.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { log } from '../../../db/log.ts';
import type { OutboxMessage } from '../../../db/queries/outbox.ts';
import { disableFailingEndpoint, endpointForDelivery, recordDelivery } from '../../../db/queries/webhooks.ts';
import { openSecret } from '../../../db/secrets.ts';
import type { Config } from '../../env.ts';
import type { RenderContext } from '../template.ts';
import { guardedLookup, webhookUrlProblem } from '../webhook-url.ts';
import { type Channel, PermanentFailure } from './channel.ts';

/** How long one attempt may take. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The key of a "whsec_<base64>" secret. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}

/** The Standard Webhooks signature of a body: "v1,<base64>". */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

interface Answer {
  status: number;
  body: string;
}

/** POSTs once, without following redirects; the answer's first bytes. */
function post(url: URL, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<Answer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(allowPrivate) as any, timeout: WEBHOOK_TIMEOUT_MS, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 2048) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)), WEBHOOK_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}

export function webhookChannel(config: Pick<Config, 'panKey' | 'webhooks'>, clock: () => number = Date.now): Channel {
  const { allowPrivate, disableAfterMs } = config.webhooks;
  return {
    async send(message: OutboxMessage, context: RenderContext) {
      const db = context.db;
      const endpoint = await endpointForDelivery(db, Number(message.recipient));
      if (!endpoint) throw new PermanentFailure('The webhook endpoint was removed.');
      if (!endpoint.active) throw new PermanentFailure('The webhook endpoint is disabled.');
      const secret = openSecret(config.panKey, endpoint.sealedSecret, 'webhook');
      const started = clock();
      const timestamp = Math.floor(started / 1000);
      const body = message.payload;
      let answer: Answer | undefined;
      let error: string | null = null;
      const problem = await webhookUrlProblem(endpoint.url, allowPrivate);
      if (problem) error = problem;
      else {
        try {
          answer = await post(
            new URL(endpoint.url),
            {
              'content-type': 'application/json',
              'user-agent': 'Aurum-Webhooks/1',
              'webhook-id': message.message_id,
              'webhook-timestamp': String(timestamp),
              'webhook-signature': webhookSignature(secret, message.message_id, timestamp, body),
            },
            body,
            allowPrivate,
          );
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
      }
      const ok = answer !== undefined && answer.status >= 200 && answer.status < 300;
      const health = await recordDelivery(
        db,
        {
          endpoint_id: endpoint.id,
          outbox_id: message.id,
          message_id: message.message_id,
          event: message.event,
          attempt: message.attempts,
          status_code: answer?.status ?? null,
          answer: answer?.body ?? null,
          error,
          duration_ms: Math.max(0, Date.now() - started),
        },
        ok,
        clock(),
      );
      if (ok) return;
      const reason = answer ? `HTTP ${answer.status}${answer.status >= 300 && answer.status < 400 ? ' (redirects are not followed)' : ''}` : (error ?? 'no answer');
      if (health.failing_since !== null && clock() - health.failing_since >= disableAfterMs) {
        const since = new Date(health.failing_since).toISOString();
        const disabledReason = `Disabled automatically: failing since ${since} (last: ${reason}). Fix the endpoint and turn it on again.`;
        // Disabled and the owner told by e-mail in one transaction (db/queries/webhooks.ts).
        const disabled = await disableFailingEndpoint(db, endpoint.id, { reason: disabledReason, failing_since: health.failing_since, last_error: reason, after_hours: disableAfterMs / 3_600_000 }, clock());
        if (disabled) log.warn(`webhooks: endpoint #${endpoint.id} disabled: ${disabledReason}`);
        throw new PermanentFailure(disabledReason);
      }
      throw new Error(reason);
    },
  };
}
