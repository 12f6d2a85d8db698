/**
 * "Messages are waiting": said after a commit that enqueued some (db/queries/outbox.ts), so
 * this process's dispatcher sends them at once instead of at its next poll. Heard by every
 * thread of the process (the checkout lane places orders on a thread of its own).
 */
import { BroadcastChannel } from 'node:worker_threads';

const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;

function opened(): BroadcastChannel {
  if (!channel) {
    channel = new BroadcastChannel('aurum-outbox');
    channel.onmessage = () => listeners.forEach((listener) => listener());
    // Never what keeps a process alive.
    (channel as unknown as { unref(): void }).unref();
  }
  return channel;
}

/** Tells the dispatcher, in this thread or another of the process, that a commit enqueued messages. */
export function messagesWaiting(): void {
  listeners.forEach((listener) => listener());
  opened().postMessage(1);
}

/** Calls `listener` whenever messagesWaiting is said in the process; answers how to stop. */
export function onMessagesWaiting(listener: () => void): () => void {
  opened();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
