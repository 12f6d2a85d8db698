/**
 * The dispatcher (issue 35): sends what the outbox holds, outside any request, so sending
 * never slows or fails a shopper's request. Started with the store (api/server.ts); every
 * instance runs one. It claims due messages (db/queries/outbox.ts claimDue: each message by
 * one instance, for OUTBOX_CLAIM_SECONDS), hands each to its channel's adapter, and marks it sent
 * or due again after the back-off. It looks every second, and at once when this process
 * commits messages (api/messages/nudge.ts). A message claimed by an instance that died is due
 * again when its claim runs out: it may be sent twice then, with the same Message-ID (webhook-id).
 */
import type { DB } from '../../db/connection.ts';
import { THIS_INSTANCE } from '../../db/leases.ts';
import { log } from '../../db/log.ts';
import { claimDue, markRetry, markSent, type OutboxMessage } from '../../db/queries/outbox.ts';
import type { Config } from '../env.ts';
import { countMessage } from '../metrics.ts';
import { type Channels, channelsFor, PermanentFailure } from './channels/index.ts';
import { onMessagesWaiting } from './nudge.ts';
import { templates } from './render.ts';
import type { RenderContext } from './template.ts';

export interface DispatcherOptions {
  db: DB;
  config: Config;
  /** The channel adapters (default: channelsFor(config)). */
  channels?: Channels;
  /** This instance, as it claims messages (default THIS_INSTANCE). */
  instance?: string;
  /** How often it looks when not told (default 1 s). */
  pollMs?: number;
  /** Messages claimed at a time (default 20). */
  batch?: number;
  /** Messages sent at once (default 4: the SMTP pool's connections). */
  concurrency?: number;
  /** How long a claim holds (default config.outboxClaimMs, OUTBOX_CLAIM_SECONDS): longer than any one send may take. */
  leaseMs?: number;
  /** Counts each send's outcome (default: this thread's /metrics counter). */
  count?: (channel: string, outcome: 'sent' | 'retry' | 'failed') => void;
}

export interface Dispatcher {
  /** Look at once (a commit enqueued messages). */
  nudge(): void;
  /** Finishes the sends under way, stops looking and closes the channels. */
  stop(): Promise<void>;
  /** Messages this dispatcher sent and attempts that failed, since it started. */
  stats(): { sent: number; failed: number };
  channels: Channels;
}

export function startDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, config } = options;
  const instance = options.instance ?? THIS_INSTANCE;
  const pollMs = options.pollMs ?? 1000;
  const batch = options.batch ?? 20;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? config.outboxClaimMs;
  const channels = options.channels ?? channelsFor(config);
  const context: RenderContext = { db, config };
  const count = options.count ?? countMessage;
  const stats = { sent: 0, failed: 0 };
  let stopping = false;
  let nudged = false;
  let wake: (() => void) | undefined;

  const nudge = () => {
    nudged = true;
    wake?.();
  };
  const stopListening = onMessagesWaiting(nudge);

  async function sendOne(message: OutboxMessage): Promise<void> {
    const channel = channels[message.channel];
    try {
      if (!channel) throw new Error(`No ${message.channel} channel is set up on this instance`);
      await channel.send(message, context);
    } catch (error) {
      stats.failed++;
      const reason = error instanceof Error ? error.message : String(error);
      const status = await markRetry(db, message, instance, reason, { permanent: error instanceof PermanentFailure }).catch(() => 'unknown');
      count(message.channel, status === 'failed' ? 'failed' : 'retry');
      log.warn(`messages: ${message.channel} ${message.event} #${message.id} attempt ${message.attempts} failed (${status === 'failed' ? 'given up' : 'will retry'}): ${reason}`);
      return;
    }
    stats.sent++;
    count(message.channel, 'sent');
    await recordSent(message.id, templates[message.event]?.secretPayload === true);
  }

  /**
   * Marks messages sent a group at a time: sends that finish while one group is being written
   * wait for the next (one commit, and on SQLite one sync to disk, for many messages). Each
   * group is tried a few times, as a database hiccup here would send its messages again once
   * their claim runs out.
   */
  let sentWaiting: number[] = [];
  let forgetWaiting: number[] = [];
  let writing: Promise<void> | undefined;
  async function recordSent(id: number, secret: boolean): Promise<void> {
    sentWaiting.push(id);
    if (secret) forgetWaiting.push(id);
    while (writing) await writing;
    if (!sentWaiting.length) return;
    const group = sentWaiting;
    const forget = forgetWaiting;
    sentWaiting = [];
    forgetWaiting = [];
    writing = (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await markSent(db, group, Date.now(), forget);
          return;
        } catch (error) {
          if (attempt >= 5) {
            log.error({ err: error }, `messages: ${group.length} sent could not be marked sent; they will be sent again`);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    })().finally(() => {
      writing = undefined;
    });
    await writing;
  }

  /** Sends the claimed messages, `concurrency` at a time. */
  async function sendAll(messages: OutboxMessage[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < messages.length) await sendOne(messages[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, messages.length) }, worker));
  }

  async function run(): Promise<void> {
    while (!stopping) {
      nudged = false;
      let claimed: OutboxMessage[] = [];
      try {
        claimed = await claimDue(db, instance, batch, leaseMs);
      } catch (error) {
        if (!stopping) log.error({ err: error }, 'messages: could not claim messages to send');
      }
      if (claimed.length) {
        await sendAll(claimed);
        continue;
      }
      if (nudged || stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  const running = run();
  return {
    nudge,
    stats: () => ({ ...stats }),
    channels,
    async stop() {
      stopping = true;
      stopListening();
      wake?.();
      await running;
      await Promise.all(Object.values(channels).map((c) => c?.close?.().catch(() => undefined)));
    },
  };
}
