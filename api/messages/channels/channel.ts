/**
 * A channel adapter (issue 35): how a message of the outbox leaves the shop. The dispatcher
 * (api/messages/dispatcher.ts) hands each claimed message to the adapter of its channel;
 * `send` resolves once the message is accepted (it is then marked sent), throws to be tried
 * again after the back-off, or throws PermanentFailure when trying again cannot help.
 */
import type { OutboxChannel } from '../../../db/schema.ts';
import type { OutboxMessage } from '../../../db/queries/outbox.ts';
import type { RenderContext } from '../template.ts';

export interface Channel {
  send(message: OutboxMessage, context: RenderContext): Promise<void>;
  /** Closes its connections (the dispatcher's stop). */
  close?(): Promise<void>;
  /** What the back office lists of messages the channel kept itself (the .eml files, sms.log), newest first. */
  kept?(limit: number): Promise<KeptMessage[]>;
}

/** A message an embedded default kept for a developer to read. */
export interface KeptMessage {
  message_id: string | null;
  to: string;
  at: string;
  /** The subject (e-mail) or the text (SMS). */
  summary: string;
  /** Where it is: the .eml file's name under DATA_DIR/mail, or 'sms.log'. */
  file: string;
}

export type Channels = Partial<Record<OutboxChannel, Channel>>;

/** A failure that trying again cannot mend (an address refused for good, a message that cannot be rendered). */
export class PermanentFailure extends Error {}

/** The message's payload, parsed. */
export function payloadOf(message: OutboxMessage): unknown {
  return JSON.parse(message.payload);
}
