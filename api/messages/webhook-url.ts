/**
 * Where a webhook may be sent (issue 35): only http(s) URLs whose host is a public address.
 * Loopback, link-local, private, unique-local, carrier-grade NAT and other special ranges are
 * refused, for a name that resolves to one too, unless WEBHOOK_ALLOW_PRIVATE=1 (local testing).
 * The check runs when the owner registers the URL and again on every delivery, inside the
 * connection's own DNS lookup (guardedLookup), so a name that changes its answer later (DNS
 * rebinding) cannot aim the shop at its own network.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Whether an address is one the shop may call: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The sentence a URL is refused with, or null when it may be used. */
export async function webhookUrlProblem(text: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The URL is not valid.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https URLs can receive webhooks.';
  if (url.username || url.password) return 'The URL must not carry a user name or password.';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true }, (e, a) => (e ? reject(e) : resolve(a))))).map((a) => a.address);
    } catch {
      return `The host ${host} cannot be found.`;
    }
  }
  if (!addresses.length || !addresses.every(isPublicAddress)) return `The URL points at a private, loopback or link-local address (${host}); webhooks go to public addresses only.`;
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for http(s).request that refuses private answers (unless allowed): the address checked is the one connected to. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && !list.every((a) => isPublicAddress(a.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address; refused`), { code: 'EPRIVATE' }), []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
