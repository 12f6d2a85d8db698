/** The channel adapters for a configuration: e-mail and SMS (webhooks plug in here the same way). */
import type { Config } from '../../env.ts';
import type { Channels } from './channel.ts';
import { emailChannel } from './email.ts';
import { smsChannel } from './sms.ts';

export function channelsFor(config: Pick<Config, 'mail' | 'sms'>): Channels {
  return { email: emailChannel(config.mail), sms: smsChannel(config.sms) };
}

export { type Channel, type Channels, type KeptMessage, PermanentFailure } from './channel.ts';
