/** The channel adapters for a configuration: e-mail, SMS and webhooks. */
import type { Config } from '../../env.ts';
import type { Channels } from './channel.ts';
import { emailChannel } from './email.ts';
import { smsChannel } from './sms.ts';
import { webhookChannel } from './webhook.ts';

export function channelsFor(config: Pick<Config, 'mail' | 'sms' | 'panKey' | 'webhooks'>): Channels {
  return { email: emailChannel(config.mail), sms: smsChannel(config.sms), webhook: webhookChannel(config) };
}

export { type Channel, type Channels, type KeptMessage, PermanentFailure } from './channel.ts';
