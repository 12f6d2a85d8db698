import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ACCOUNT_COUNTRY_CODES, INDIA_COUNTRY_CODE } from '../rules/currency.ts';
import { type GrievanceOfficer, grievanceOfficerFrom, type Seller, sellerFrom } from '../rules/seller.ts';
import type { MediaLocation } from '../db/media-store.ts';
import { type DatabaseLocation, databaseFromEnv, POSTGRES_TIMEOUTS } from '../db/connection.ts';
import { LOG_LEVELS, type LogLevel } from '../db/log.ts';
import { newSecretKey, SECRET_KEY_MESSAGE, secretKeyFrom } from '../db/secrets.ts';

/**
 * A PostgreSQL session timeout in milliseconds (DATABASE_*_TIMEOUT_MS): from 100 ms to an hour.
 * 0 (PostgreSQL's "no limit") is refused: a store without the bound waits forever on a stuck lock.
 */
const timeoutMs = (name: string, fallback: number) => {
  const message = `${name} must be a whole number of milliseconds from 100 to 3600000`;
  return z.coerce.number({ error: message }).int(message).min(100, message).max(3_600_000, message).default(fallback);
};

/** The demo administrator's password, printed in the README: fine on a laptop, never on a public store. */
export const DEMO_ADMIN_PASSWORD = 'Admin@12345';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL only: each session's lock_timeout, statement_timeout and idle_in_transaction_session_timeout. */
  DATABASE_LOCK_TIMEOUT_MS: timeoutMs('DATABASE_LOCK_TIMEOUT_MS', POSTGRES_TIMEOUTS.lock_timeout),
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutMs('DATABASE_STATEMENT_TIMEOUT_MS', POSTGRES_TIMEOUTS.statement_timeout),
  DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: timeoutMs('DATABASE_IDLE_TRANSACTION_TIMEOUT_MS', POSTGRES_TIMEOUTS.idle_in_transaction_session_timeout),
  /** Where uploaded media and the published storefront live: unset (DATA_DIR) or s3://bucket/prefix. */
  MEDIA_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?$/, 'MEDIA_URL must be s3://bucket or s3://bucket/prefix')
    .optional(),
  AWS_ENDPOINT_URL: z.string().url('AWS_ENDPOINT_URL must be a URL, e.g. http://minio:9000').optional(),
  AWS_REGION: z.string().min(1).optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** The key PANs and TOTP secrets are sealed with at rest (db/secrets.ts): 32 bytes, hex or base64. */
  PAN_KEY: z
    .string()
    .refine((text) => {
      try {
        return secretKeyFrom(text).length > 0;
      } catch {
        return false;
      }
    }, SECRET_KEY_MESSAGE)
    .optional(),
  /** `required`: every member of staff must turn on two-factor sign-in (TOTP) before anything else. */
  STAFF_TOTP: z.enum(['optional', 'required'], { error: 'STAFF_TOTP must be optional or required' }).default('optional'),
  ADMIN_COUNTRY_CODE: z.enum(ACCOUNT_COUNTRY_CODES).default(INDIA_COUNTRY_CODE),
  ADMIN_PHONE: z.string().regex(/^\d{6,15}$/, 'ADMIN_PHONE must be 6-15 digits').default('9999999999'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').default(DEMO_ADMIN_PASSWORD),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'cashfree']).default('sandbox'),
  CASHFREE_APP_ID: z.string().optional(),
  CASHFREE_SECRET_KEY: z.string().optional(),
  CASHFREE_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Base URL of Cashfree's PG API; tests point it at a local fake. */
  CASHFREE_API_URL: z.string().url().optional(),
  /** Public origin of the store, for payment return URLs and canonical links. */
  PUBLIC_URL: z.string().url().optional(),
  /** Set behind a TLS-terminating proxy: enables HSTS. */
  TRUST_PROXY_TLS: z.enum(['0', '1']).default('0'),
  /** How many reverse proxies stand in front, each appending to X-Forwarded-For (api/client-address.ts). */
  TRUST_PROXY_HOPS: z.coerce
    .number({ error: 'TRUST_PROXY_HOPS must be a whole number from 0 to 5' })
    .int('TRUST_PROXY_HOPS must be a whole number from 0 to 5')
    .min(0, 'TRUST_PROXY_HOPS must be a whole number from 0 to 5')
    .max(5, 'TRUST_PROXY_HOPS must be a whole number from 0 to 5')
    .default(0),
  /** Sign-ups one address may make in an hour (a shop kiosk or a load test may need more). */
  SIGNUPS_PER_ADDRESS_HOUR: z.coerce
    .number({ error: 'SIGNUPS_PER_ADDRESS_HOUR must be a whole number from 1 to 100000' })
    .int('SIGNUPS_PER_ADDRESS_HOUR must be a whole number from 1 to 100000')
    .min(1, 'SIGNUPS_PER_ADDRESS_HOUR must be a whole number from 1 to 100000')
    .max(100_000, 'SIGNUPS_PER_ADDRESS_HOUR must be a whole number from 1 to 100000')
    .default(20),
  /** How long a checkout quote holds its prices, and so an online payment's life and its stock holds (minutes). */
  QUOTE_LOCK_MINUTES: z.coerce
    .number({ error: 'QUOTE_LOCK_MINUTES must be a whole number from 1 to 1440' })
    .int('QUOTE_LOCK_MINUTES must be a whole number from 1 to 1440')
    .min(1, 'QUOTE_LOCK_MINUTES must be a whole number from 1 to 1440')
    .max(1440, 'QUOTE_LOCK_MINUTES must be a whole number from 1 to 1440')
    .default(15),
  /** How often one instance settles payments left open (api/payments/reconcile.ts), seconds. */
  PAYMENT_RECONCILE_SECONDS: z.coerce
    .number({ error: 'PAYMENT_RECONCILE_SECONDS must be a whole number from 1 to 3600' })
    .int('PAYMENT_RECONCILE_SECONDS must be a whole number from 1 to 3600')
    .min(1, 'PAYMENT_RECONCILE_SECONDS must be a whole number from 1 to 3600')
    .max(3600, 'PAYMENT_RECONCILE_SECONDS must be a whole number from 1 to 3600')
    .default(60),
  /** `skip`: serve the API without building the storefront (tests that need no pages). */
  SITE_BUILD: z.enum(['auto', 'skip']).default('auto'),
  /** The least a log line must weigh to be written (db/log.ts). */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** The bearer token GET /metrics asks for; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Where e-mail is sent (issue 35): smtp://user:pass@host:port or smtps:// (TLS); unset, each message is an .eml file under DATA_DIR/mail. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/?#]+\/?(\?.*)?$/i, 'SMTP_URL must be smtp://user:pass@host:port or smtps://user:pass@host:port').optional(),
  /** The sender of the shop's e-mail: an address, or "Name <address>". */
  MAIL_FROM: z.string().regex(/^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'MAIL_FROM must be an address or "Name <address>"').optional(),
  /** Where SMS go: log (JSON lines in DATA_DIR/sms.log) or twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM). */
  SMS_PROVIDER: z.enum(['log', 'twilio'], { error: 'SMS_PROVIDER must be log or twilio' }).default('log'),
  /** Base URL of the SMS provider's API (Twilio's unless set; tests point it at a local fake). */
  SMS_URL: z.string().url('SMS_URL must be a URL, e.g. https://api.twilio.com').optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The number (E.164) or messaging service id SMS are sent from. */
  TWILIO_FROM: z.string().min(1).optional(),
  /**
   * How long an instance's claim on a message it is sending holds (api/messages/dispatcher.ts): a message
   * claimed by an instance that died is sent by another after this. Longer than the slowest send (SMTP: 10 s
   * to connect, 20 s of silence).
   */
  OUTBOX_CLAIM_SECONDS: z.coerce
    .number({ error: 'OUTBOX_CLAIM_SECONDS must be a whole number from 5 to 3600' })
    .int('OUTBOX_CLAIM_SECONDS must be a whole number from 5 to 3600')
    .min(5, 'OUTBOX_CLAIM_SECONDS must be a whole number from 5 to 3600')
    .max(3600, 'OUTBOX_CLAIM_SECONDS must be a whole number from 5 to 3600')
    .default(60),
  /** 1: webhook endpoints may be on loopback, link-local or private addresses (local testing only). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1'], { error: 'WEBHOOK_ALLOW_PRIVATE must be 0 or 1' }).default('0'),
  /** A webhook endpoint failing for longer than this (since its first failure) is disabled. */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().int().min(1, 'WEBHOOK_DISABLE_AFTER_HOURS must be a whole number from 1 to 720').max(720, 'WEBHOOK_DISABLE_AFTER_HOURS must be a whole number from 1 to 720').default(72),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * DATABASE_URL read: the SQLite file, or the PostgreSQL server's URL (describeDatabase names it in logs)
   * with its sessions' timeouts (DATABASE_LOCK_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_TRANSACTION_TIMEOUT_MS).
   */
  database: DatabaseLocation;
  mediaDir: string;
  siteDir: string;
  /** Where media (and, on S3, the published storefront) are stored. */
  media: MediaLocation;
  jwtSecret: Uint8Array;
  /** PAN_KEY: seals PANs and TOTP secrets at rest (db/secrets.ts); generated once into DATA_DIR/pan-key on SQLite. */
  panKey: Uint8Array;
  /** STAFF_TOTP: whether staff must turn on two-factor sign-in before they may do anything else. */
  staffTotp: 'optional' | 'required';
  admin: { countryCode: string; phoneNumber: string; password: string };
  payment:
    | { provider: 'sandbox' }
    | { provider: 'cashfree'; appId: string; secretKey: string; mode: 'sandbox' | 'production'; apiUrl: string };
  publicUrl: string;
  hsts: boolean;
  /** Reverse proxies in front whose X-Forwarded-For entries are believed (0: none, the socket decides). */
  trustedProxyHops: number;
  /** Sign-ups one address may make in an hour (SIGNUPS_PER_ADDRESS_HOUR). */
  signupsPerAddressHour: number;
  /** Whether the server builds the storefront (at start when stale, after catalogue changes). */
  siteBuild: 'auto' | 'skip';
  /** How long a checkout quote, an online payment's life and its stock holds last (QUOTE_LOCK_MINUTES), ms. */
  quoteLockMs: number;
  /** How often payments left open are settled (PAYMENT_RECONCILE_SECONDS), ms. */
  paymentReconcileMs: number;
  /** The shop's legal identity on its tax invoices (SHOP_* and INVOICE_PREFIX). */
  seller: Seller;
  /** LOG_LEVEL. */
  logLevel: LogLevel;
  /** METRICS_TOKEN: GET /metrics answers only with it as a bearer token, and only when set. */
  metricsToken: string | undefined;
  /** Named on the legal and contact pages (GRIEVANCE_OFFICER_*). */
  grievanceOfficer: GrievanceOfficer;
  /** Where e-mail goes (SMTP_URL, MAIL_FROM): an SMTP server, or .eml files in `dir` (DATA_DIR/mail). */
  mail: { transport: 'smtp'; url: string; from: string } | { transport: 'files'; dir: string; from: string };
  /** Where SMS go (SMS_PROVIDER): JSON lines appended to `file` (DATA_DIR/sms.log), or Twilio's API at `url`. */
  sms: { provider: 'log'; file: string } | { provider: 'twilio'; url: string; accountSid: string; authToken: string; from: string };
  /** How long a dispatcher's claim on a message holds (OUTBOX_CLAIM_SECONDS), ms. */
  outboxClaimMs: number;
  /** Webhooks (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_DISABLE_AFTER_HOURS): private addresses allowed, and how long an endpoint may fail before it is disabled. */
  webhooks: { allowPrivate: boolean; disableAfterMs: number };
}

/** Reads a secret kept in DATA_DIR, creating it once, so tokens (and sealed PANs) survive restarts. */
function persistentSecret(dataDir: string, name = 'jwt-secret', make = () => randomBytes(48).toString('base64url')): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = make();
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** A PostgreSQL DATABASE_URL: the store then runs as one of many instances. */
export function isPostgresUrl(url: string | undefined): boolean {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

function mediaLocation(e: z.output<typeof EnvSchema>, dataDir: string): MediaLocation {
  if (!e.MEDIA_URL) return { kind: 'local', root: dataDir };
  const url = new URL(e.MEDIA_URL);
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid environment: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together (or set neither, for the SDK\'s own credentials)');
  }
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint: e.AWS_ENDPOINT_URL,
    region: e.AWS_REGION ?? 'us-east-1',
    credentials: e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } : undefined,
  };
}

/** Parses the environment once, failing fast with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  // Instances sharing a PostgreSQL database must verify each other's tokens: a secret
  // generated into one instance's DATA_DIR would be that instance's alone.
  if (isPostgresUrl(e.DATABASE_URL) && !e.JWT_SECRET) {
    throw new Error(
      'Invalid environment: JWT_SECRET is required with a PostgreSQL DATABASE_URL (every instance must sign tokens with the same key; a generated secret is for a single SQLite store only): set JWT_SECRET to the same 32+ random characters on every instance',
    );
  }
  // The same for the key of sealed PANs: one instance's generated key would leave the others unable to read them.
  if (isPostgresUrl(e.DATABASE_URL) && !e.PAN_KEY) {
    throw new Error(
      'Invalid environment: PAN_KEY is required with a PostgreSQL DATABASE_URL (every instance must read the PANs and TOTP secrets the others sealed; a generated key is for a single SQLite store only): set PAN_KEY to the same 32 random bytes on every instance (openssl rand -base64 32), and keep it with your backups',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const media = mediaLocation(e, dataDir);
  // The values were checked above; where they put the database is db/connection.ts's to say (the storefront build reads it there too).
  const database = databaseFromEnv(env);
  let payment: Config['payment'] = { provider: 'sandbox' };
  // The built-in sandbox lets anyone mark their own payment paid: a public https store
  // must name its provider, so a forgotten setting cannot give jewellery away.
  if (e.PUBLIC_URL?.startsWith('https:') && !env.PAYMENT_PROVIDER) {
    throw new Error(
      'Invalid environment: PUBLIC_URL is https but PAYMENT_PROVIDER is not set; set PAYMENT_PROVIDER=cashfree (or PAYMENT_PROVIDER=sandbox on purpose for a staging store)',
    );
  }
  if (e.PAYMENT_PROVIDER === 'cashfree') {
    if (!e.CASHFREE_APP_ID || !e.CASHFREE_SECRET_KEY) {
      throw new Error('Invalid environment: PAYMENT_PROVIDER=cashfree needs CASHFREE_APP_ID and CASHFREE_SECRET_KEY');
    }
    payment = {
      provider: 'cashfree',
      appId: e.CASHFREE_APP_ID,
      secretKey: e.CASHFREE_SECRET_KEY,
      mode: e.CASHFREE_MODE,
      apiUrl: e.CASHFREE_API_URL ?? (e.CASHFREE_MODE === 'production' ? 'https://api.cashfree.com/pg' : 'https://sandbox.cashfree.com/pg'),
    };
  }
  let seller: Seller;
  try {
    seller = sellerFrom(env);
  } catch (error) {
    throw new Error(`Invalid environment: ${(error as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    mediaDir: path.join(dataDir, 'media'),
    siteDir: path.join(dataDir, 'site'),
    media,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? persistentSecret(dataDir)),
    panKey: secretKeyFrom(e.PAN_KEY ?? persistentSecret(dataDir, 'pan-key', newSecretKey)),
    staffTotp: e.STAFF_TOTP,
    admin: { countryCode: e.ADMIN_COUNTRY_CODE, phoneNumber: e.ADMIN_PHONE, password: e.ADMIN_PASSWORD },
    payment,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    hsts: e.TRUST_PROXY_TLS === '1',
    trustedProxyHops: e.TRUST_PROXY_HOPS,
    signupsPerAddressHour: e.SIGNUPS_PER_ADDRESS_HOUR,
    siteBuild: e.SITE_BUILD,
    quoteLockMs: e.QUOTE_LOCK_MINUTES * 60_000,
    paymentReconcileMs: e.PAYMENT_RECONCILE_SECONDS * 1000,
    seller,
    grievanceOfficer: grievanceOfficerFrom(env),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    ...messaging(e, dataDir),
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1', disableAfterMs: e.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000 },
  };
}

/** Where the shop's e-mail and SMS go (issue 35): the embedded defaults need no set-up. */
function messaging(e: z.output<typeof EnvSchema>, dataDir: string): Pick<Config, 'mail' | 'sms' | 'outboxClaimMs'> {
  const outboxClaimMs = e.OUTBOX_CLAIM_SECONDS * 1000;
  const from = e.MAIL_FROM ?? `Aurum Jewels <orders@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`;
  const mail: Config['mail'] = e.SMTP_URL ? { transport: 'smtp', url: e.SMTP_URL, from } : { transport: 'files', dir: path.join(dataDir, 'mail'), from };
  if (e.SMS_PROVIDER === 'log') return { mail, outboxClaimMs, sms: { provider: 'log', file: path.join(dataDir, 'sms.log') } };
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM) {
    throw new Error('Invalid environment: SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
  }
  const url = (e.SMS_URL ?? 'https://api.twilio.com').replace(/\/$/, '');
  return { mail, outboxClaimMs, sms: { provider: 'twilio', url, accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM } };
}

