/**
 * The dispatcher on a thread of its own (api/messages/worker.ts), as the store runs it: a
 * template's rendering and a channel's sending use their own event loop, never the one that
 * answers shoppers. A thread that ends unexpectedly is started again after a second; the
 * messages it had claimed are due again when their claim runs out.
 */
import { Worker } from 'node:worker_threads';
import { log } from '../../db/log.ts';
import { countMessage } from '../metrics.ts';

/** What the dispatcher's thread tells the main thread. */
export type DispatcherNews =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'count'; channel: string; outcome: 'sent' | 'retry' | 'failed' }
  | { kind: 'stopped' };

export interface DispatcherThread {
  /** Finishes the sends under way and ends the thread. */
  stop(): Promise<void>;
}

const RESTART_MS = 1000;

/** Starts the dispatcher's thread (the process's environment: loadConfig in the thread reads it). */
export function startDispatcherThread(options: { env?: NodeJS.ProcessEnv } = {}): DispatcherThread {
  let worker: Worker | undefined;
  let stopping = false;
  let onStopped: (() => void) | undefined;

  function spawn(): void {
    const started = new Worker(new URL('./worker.ts', import.meta.url), options.env ? { env: options.env } : {});
    worker = started;
    started.on('message', (news: DispatcherNews) => {
      if (news.kind === 'count') countMessage(news.channel, news.outcome);
      else if (news.kind === 'failed') log.error(`messages: the dispatcher thread did not start: ${news.message}`);
      else if (news.kind === 'stopped') onStopped?.();
    });
    started.on('error', (error) => log.error({ err: error }, 'messages: dispatcher thread error'));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      if (stopping) return onStopped?.();
      log.error(`messages: the dispatcher thread ended (exit code ${code}); starting it again`);
      setTimeout(() => stopping || spawn(), RESTART_MS).unref();
    });
  }
  spawn();

  return {
    async stop() {
      stopping = true;
      const current = worker;
      if (!current) return;
      await new Promise<void>((resolve) => {
        onStopped = resolve;
        current.postMessage('stop');
        // A send stuck past its timeouts does not hold the shutdown (its claim runs out).
        setTimeout(resolve, 4000).unref();
      });
      await current.terminate();
    },
  };
}
