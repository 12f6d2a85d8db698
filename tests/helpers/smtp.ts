/**
 * A real SMTP server for tests (smtp-server), every message it accepts parsed with mailparser
 * and kept in order. It can be stopped and started again on the same port (an SMTP server
 * down, then up), and told to refuse recipients for good (550).
 */
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, simpleParser } from 'mailparser';
import { startDispatcher } from '../../api/messages/dispatcher.ts';
import { freePort } from './ports.ts';
import { createTestStore, type TestStore } from './store.ts';

export interface ReceivedMail {
  messageId: string;
  parsed: ParsedMail;
  /** The envelope's recipients (RCPT TO). */
  to: string[];
}

export interface TestSmtp {
  port: number;
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Messages received, by Message-ID. */
  countsById(): Map<string, number>;
  /** Waits until `n` messages have arrived (or throws after `ms`). */
  waitFor(n: number, ms?: number): Promise<ReceivedMail[]>;
  /** Recipients refused with 550 (for good). */
  refuse: Set<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtp(options: { port?: number; auth?: { user: string; pass: string } } = {}): Promise<TestSmtp> {
  const port = options.port ?? (await freePort());
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  let server: SMTPServer | undefined;

  const make = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.auth,
      logger: false,
      onAuth(auth, _session, callback) {
        if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
        callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (refuse.has(address.address)) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({ messageId: parsed.messageId ?? '', parsed, to: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          })
          .catch(callback);
      },
    });

  const smtp: TestSmtp = {
    port,
    url: options.auth ? `smtp://${options.auth.user}:${options.auth.pass}@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    countsById() {
      const counts = new Map<string, number>();
      for (const m of received) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
      return counts;
    },
    async waitFor(n, ms = 15_000) {
      const until = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`${received.length} of ${n} messages arrived in ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        const closing = server;
        server = undefined;
        closing.close(() => resolve());
      }),
    start: () =>
      new Promise<void>((resolve, reject) => {
        server = make();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
  };
  await smtp.start();
  return smtp;
}

/**
 * A test store that sends its e-mail to a real SMTP server started here, its dispatcher running
 * (polling every 50 ms): what the message tests share. Each part is pushed on `cleanups`, to be
 * stopped last first.
 */
export async function storeSendingMail(cleanups: (() => Promise<unknown>)[], env: Record<string, string> = {}): Promise<{ store: TestStore; smtp: TestSmtp }> {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.stop());
  const store = await createTestStore({ SMTP_URL: smtp.url, MAIL_FROM: 'Aurum Jewels <orders@example.test>', ...env });
  cleanups.push(() => store.close());
  const dispatcher = startDispatcher({ db: store.db, config: store.config, pollMs: 50 });
  cleanups.push(() => dispatcher.stop());
  return { store, smtp };
}
