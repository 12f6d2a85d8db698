import { captureLog } from '../../db/log.ts';

/**
 * The store's warnings or errors (db/log.ts) as a test reads them, shaped as a console
 * spy's calls: `[message]`, or `[message, err]` for a line logged with an error (its
 * serialised form: type, message, stack, code). Spies share one capture of the log.
 */
export interface LogSpy {
  mock: { readonly calls: unknown[][] };
  mockRestore(): void;
}

let shared: { capture: ReturnType<typeof captureLog>; users: number } | undefined;

export function spyOnLog(level: 'error' | 'warn'): LogSpy {
  shared ??= { capture: captureLog('warn'), users: 0 };
  const current = shared;
  current.users += 1;
  const [min, max] = level === 'error' ? [50, Infinity] : [40, 50];
  const start = current.capture.lines.length;
  let restored = false;
  return {
    mock: {
      get calls() {
        return current.capture.lines
          .slice(start)
          .filter((line) => (line.level as number) >= min && (line.level as number) < max)
          .map((line) => (line.err === undefined ? [line.msg] : [line.msg, line.err]));
      },
    },
    mockRestore() {
      if (restored) return;
      restored = true;
      current.users -= 1;
      if (current.users === 0) {
        current.capture.restore();
        if (shared === current) shared = undefined;
      }
    },
  };
}
