import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './testing/databases.ts';
import { buildTestApp } from './testing/test-app.ts';

/**
 * Clients that send a request a byte at a time (slowloris) must not hold the server's
 * connections for as long as they like. The deadlines are shortened here, the same ones
 * production sets to SERVER_TIMEOUTS; the server is a real one, listening on a port.
 */
const database = testDatabases[0]!;
// long enough that a busy test machine answers the shopper well inside them
const TIMEOUTS = { headers: 5_000, request: 6_000, keepAlive: 1_000, idle: 10_000 };
const SLOW = 300;

describe(`slow clients against a listening server (${database.name})`, () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let port: number;
  beforeAll(async () => {
    const opened = await database.open();
    dispose = opened.dispose;
    app = await buildTestApp(opened.db, { timeouts: TIMEOUTS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  /** A connection that sends `head` whole, then `trickle` one byte every 200 ms; `closed` resolves when the server ends it. */
  function slowClient(head: string, trickle: string) {
    const socket: Socket = connect(port, '127.0.0.1');
    let sent = 0;
    let open = true;
    const closed = new Promise<void>((resolve) => socket.on('close', () => ((open = false), resolve())));
    socket.on('error', () => {});
    socket.on('connect', () => socket.write(head));
    const timer = setInterval(() => {
      if (open && sent < trickle.length) socket.write(trickle[sent++]!);
    }, 200);
    void closed.then(() => clearInterval(timer));
    return { closed, isOpen: () => open, stop: () => (clearInterval(timer), socket.destroy()) };
  }

  it('answers a shopper while 300 clients trickle their requests, and closes those when their time is up', { timeout: 30_000 }, async () => {
    const body = JSON.stringify({ email: 'slow@example.com' }).padEnd(400, ' ');
    const slow = Array.from({ length: SLOW }, (_, i) =>
      i % 2 === 0
        ? // the headers never end
          slowClient('', `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(400)}`)
        : // the headers arrive at once, the body a byte at a time
          slowClient(
            `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
            body,
          ),
    );
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/catalog`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      // answered while every slow client still holds its connection
      expect(slow.filter((c) => c.isOpen())).toHaveLength(SLOW);
      // then the server ends every one of them, none having finished its request
      await Promise.all(slow.map((c) => c.closed));
    } finally {
      for (const c of slow) c.stop();
    }
  });

  it('closes a connection left idle after its answer', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('keep-alive: timeout=1');
  });
});
