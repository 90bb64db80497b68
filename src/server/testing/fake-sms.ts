import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedSms = { to: string; text: string };

export type FakeSms = {
  /** The address to give as SMS_URL. */
  url: string;
  received: ReceivedSms[];
  /** While set, messages are refused with this status (a provider in trouble). */
  failWith: number | undefined;
  close(): Promise<void>;
};

export const SMS_TOKEN = 'sms-token-never-logged';

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A local SMS provider speaking the adapter's request (services/sms.ts): POST / with the
 * bearer token and {to, text}. It keeps what it took; GET /messages lists it, so browser
 * tests can read a code the way a shopper reads their phone.
 */
export async function startFakeSms(port = 0): Promise<FakeSms> {
  const fake: FakeSms = { url: '', received: [], failWith: undefined, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/messages')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fake.received));
      if (req.method !== 'POST' || req.url !== '/') return void res.writeHead(404).end();
      if (req.headers.authorization !== `Bearer ${SMS_TOKEN}`) return void res.writeHead(401).end('{"error":"bad token"}');
      if (fake.failWith) return void res.writeHead(fake.failWith).end('{"error":"unavailable"}');
      const parsed = JSON.parse(await body(req)) as Partial<ReceivedSms>;
      if (typeof parsed.to !== 'string' || typeof parsed.text !== 'string') return void res.writeHead(400).end('{"error":"to and text are required"}');
      fake.received.push({ to: parsed.to, text: parsed.text });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    })().catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return fake;
}
