import { pino, type Logger } from 'pino';

/**
 * The store's one logger (pino): a JSON line per event for machines, or a short human line
 * when stdout is a terminal. It sits in db/, the lowest folder that logs (a lost connection,
 * a retried transaction), so api/ and db/ write through the same one.
 */

/** The levels LOG_LEVEL may name (api/env.ts checks it). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Never written, wherever they sit in a line: secrets a shopper or a client sends (a login's
 * password, a token, the Authorization header), a PAN and card fields.
 */
export const REDACTED_PATHS = [
  'password', '*.password', 'new_password', '*.new_password', 'old_password', '*.old_password',
  'token', '*.token', 'accessToken', '*.accessToken', 'refreshToken', '*.refreshToken',
  'authorization', '*.authorization', 'headers.authorization', 'req.headers.authorization', 'Authorization', '*.Authorization',
  'cookie', '*.cookie', 'headers.cookie', 'req.headers.cookie',
  'pan', '*.pan', 'pan_number', '*.pan_number',
  'card', '*.card', 'card_number', '*.card_number', 'cardNumber', '*.cardNumber', 'cvv', '*.cvv', 'cvc', '*.cvc', 'expiry', '*.expiry',
];

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** A JSON line as a person reads it: time, level, message, then the other fields as key=value. */
export function humanLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { time, level, msg, pid: _pid, hostname: _hostname, err, ...rest } = record;
  const when = typeof time === 'number' ? new Date(time).toISOString().slice(11, 23) : '';
  const fields = Object.entries(rest).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const stack = err && typeof err === 'object' && 'stack' in err ? `\n${String((err as { stack: unknown }).stack)}` : '';
  return `${when} ${(LEVEL_NAMES[level as number] ?? String(level)).padEnd(5)} ${msg ?? ''}${fields.length ? `  ${fields.join(' ')}` : ''}${stack}\n`;
}

/** Where a line goes, told its level (pino's number: 40 warn, 50 error). */
type Sink = (line: string, level: number) => void;

/** A terminal gets the human line, anything else (a pipe, a file, a collector) the JSON. */
function writerTo(fd: 1 | 2): (line: string) => void {
  const tty = (fd === 1 ? process.stdout : process.stderr).isTTY;
  const out = pino.destination({ dest: fd, sync: true });
  return tty ? (line) => out.write(humanLine(line)) : (line) => out.write(line);
}
const toStdout = writerTo(1);
const toStderr = writerTo(2);
/** Warnings and errors on stderr, where supervisors and the benchmark watch for problems; the rest (requests) on stdout. */
const standard: Sink = (line, level) => (level >= 40 ? toStderr : toStdout)(line);
let sink: Sink = standard;

const initialLevel = (LOG_LEVELS as readonly string[]).includes(process.env.LOG_LEVEL ?? '') ? (process.env.LOG_LEVEL as LogLevel) : 'info';

/**
 * What pino writes to: with pino.metadata set, pino tells it each line's level (lastLevel)
 * before writing it. Where lines go can change (a test captures them), so pino keeps this one object.
 */
const stream = {
  [Symbol.for('pino.metadata')]: true,
  lastLevel: 0,
  write(line: string) {
    sink(line, this.lastLevel);
  },
};

/** The store's logger. Its level is LOG_LEVEL's (setLogLevel at start). */
export const log: Logger = pino(
  {
    level: initialLevel,
    base: { pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
  },
  stream,
);

/**
 * The request lines' logger: the same stream and level as `log`, without the redaction pass.
 * A request line holds only what api/request-log.ts and the kept answers put in it (id, method,
 * route pattern, status, duration, the caller's id), none of which redaction looks for; the
 * pass cost about 13 µs a line against under 1 µs without, on answers of 30 to 400 µs of CPU.
 * Anything else, whatever it holds, goes through `log`.
 */
export const requestLines: Logger = pino({ level: initialLevel, base: { pid: process.pid } }, stream);

export function setLogLevel(level: LogLevel): void {
  log.level = level;
  requestLines.level = level;
}

/**
 * Sends the logger's lines to `lines` (parsed) instead of stdout, at `level`, until the
 * returned function is called: what tests read the store's log through.
 */
export function captureLog(level: LogLevel = 'debug'): { lines: Record<string, unknown>[]; raw: string[]; restore: () => void } {
  const before = { sink, level: log.level as LogLevel };
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  sink = (line) => {
    raw.push(line);
    lines.push(JSON.parse(line) as Record<string, unknown>);
  };
  setLogLevel(level);
  return {
    lines,
    raw,
    restore() {
      sink = before.sink;
      setLogLevel(before.level);
    },
  };
}
