import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { ConnInfo } from 'hono/conninfo';
import ipaddr from 'ipaddr.js';
import type { AppEnv } from './context.ts';

/**
 * Where a request came from, as the rate limits count it (login attempts, forms).
 *
 * Straight from the socket by default: a header the client writes proves nothing.
 * Behind reverse proxies (a load balancer, a CDN), the socket is the last proxy, and
 * every visitor would share one address and one limit; TRUST_PROXY_HOPS says how many
 * proxies stand in front, each appending to X-Forwarded-For the address it was called
 * from, so the client is the one that many places from the right. Entries further left
 * were written by the client and are never read.
 *
 * An IPv6 client counts by its /64 (a household or a server gets a whole /64 and can
 * change addresses within it at will); an IPv4-mapped IPv6 address counts as IPv4.
 */
export function clientAddress(c: Context<AppEnv>): string {
  // No socket (app.request in tests): the header decides, or nothing.
  return addressOf(socketOf(c)?.address, c.req.header('x-forwarded-for'), c.get('deps').config.trustedProxyHops);
}

/** The request's socket as Node gives it (address, port, family); undefined when there is none (app.request). */
export function socketOf(c: Context): ConnInfo['remote'] | undefined {
  try {
    return getConnInfo(c).remote;
  } catch {
    return undefined;
  }
}

/** clientAddress's rule on its inputs: the socket's address, X-Forwarded-For, trusted hops. */
export function addressOf(socket: string | undefined, forwardedFor: string | undefined, trustedHops: number): string {
  let address = socket;
  if (trustedHops > 0 && forwardedFor) {
    const chain = forwardedFor.split(',').map((entry) => entry.trim());
    // Fewer entries than proxies: the request skipped one, and its leftmost entry is the nearest we have.
    address = chain[Math.max(0, chain.length - trustedHops)];
  }
  return rateLimitKey(address);
}

function rateLimitKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const groups = (parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4);
  return `${groups.join(':')}::/64`;
}
