import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { applyTimeouts, SLOWEST_UPLOAD_MS, STORE_TIMEOUTS } from '../../api/timeouts.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

it('a 120 MB upload on a 1 Mbit/s line fits in the request timeout; a socket silent mid-request is closed long before', () => {
  expect(STORE_TIMEOUTS.requestMs).toBeGreaterThan(SLOWEST_UPLOAD_MS);
  expect(STORE_TIMEOUTS.idleMs).toBeLessThan(2 * 60_000);
  expect(STORE_TIMEOUTS.idleMs).toBeGreaterThan(STORE_TIMEOUTS.keepAliveMs);
  const http = createServer();
  applyTimeouts(http);
  expect(http.requestTimeout).toBe(STORE_TIMEOUTS.requestMs);
  expect(http.timeout).toBe(STORE_TIMEOUTS.idleMs);
  expect(http.headersTimeout).toBeLessThanOrEqual(http.requestTimeout);
});

/** Sends headers announcing a body, then `send` decides what follows; resolves when the server closes the socket. */
async function closedAfter(timeouts: Parameters<typeof applyTimeouts>[1], send: (socket: import('node:net').Socket) => void): Promise<number> {
  // Node checks request timeouts every 30 s by default; checked often here so the test is short.
  server = createServer({ connectionsCheckingInterval: 100 }, (req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  applyTimeouts(server, timeouts);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nfirst bytes');
      send(socket);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Date.now() - started));
  });
}

it('an idle socket mid-body is closed after the idle timeout, a trickling one after the request timeout', { timeout: 20_000 }, async () => {
  const small = { requestMs: 3_000, headersMs: 2_000, idleMs: 600, keepAliveMs: 500 };
  expect(await closedAfter(small, () => undefined)).toBeLessThan(2_000);
  server?.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  let timer: NodeJS.Timeout | undefined;
  const trickled = await closedAfter(small, (socket) => {
    timer = setInterval(() => socket.writable && socket.write('x'), 200);
  });
  clearInterval(timer);
  expect(trickled).toBeGreaterThanOrEqual(2_500);
  expect(trickled).toBeLessThan(8_000);
});
