/** The shapes a message template works with (api/messages/render.ts holds the templates of each event). */
import type { DB } from '../../db/connection.ts';
import type { Config } from '../env.ts';

/** An e-mail as the channel sends it. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer | string; contentType?: string }[];
  /** Extra headers (List-Unsubscribe on a marketing message). */
  headers?: Record<string, string>;
}

/** What a template may read besides its payload. */
export interface RenderContext {
  db: DB;
  config: Pick<Config, 'publicUrl'> & Partial<Config>;
}

export interface Template<P = any> {
  /** The payload holds a secret (a one-time code): the outbox forgets it once the message is sent. */
  secretPayload?: boolean;
  email?: (payload: P, context: RenderContext) => EmailContent | Promise<EmailContent>;
  sms?: (payload: P, context: RenderContext) => string | Promise<string>;
}
