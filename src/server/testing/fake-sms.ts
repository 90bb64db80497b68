import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedSms = { to: string; text: string; dlt?: { entityId?: string; senderId?: string; templateId?: string } };

export type FakeSms = {
  /** The address to give as SMS_URL. */
  url: string;
  received: ReceivedSms[];
  /** While set, messages are refused with this status (a provider in trouble). */
  failWith: number | undefined;
  close(): Promise<void>;
};

export const SMS_TOKEN = 'sms-token-never-logged';
/** The API key the Fast2SMS side of the fake takes (raw, in `authorization`). */
export const FAST2SMS_KEY = 'fast2sms-api-key-never-logged';

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A local SMS provider speaking the adapter's requests (services/sms.ts): POST / with the
 * bearer token and {to, text, dlt?}, and Fast2SMS's DLT route, POST /dev/bulkV2 with the API key
 * and {route: "dlt_manual", sender_id, message, template_id, entity_id, numbers}, answered as
 * Fast2SMS does ({return: true, request_id, message: [...]}, or {return: false, status_code, message}).
 * It keeps what it took; GET /messages lists it, so browser tests can read a code the way a
 * shopper reads their phone.
 */
export async function startFakeSms(port = 0): Promise<FakeSms> {
  const fake: FakeSms = { url: '', received: [], failWith: undefined, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/messages')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fake.received));
      if (req.method === 'POST' && req.url === '/dev/bulkV2') return fast2sms(req, res);
      if (req.method !== 'POST' || req.url !== '/') return void res.writeHead(404).end();
      if (req.headers.authorization !== `Bearer ${SMS_TOKEN}`) return void res.writeHead(401).end('{"error":"bad token"}');
      if (fake.failWith) return void res.writeHead(fake.failWith).end('{"error":"unavailable"}');
      const parsed = JSON.parse(await body(req)) as Partial<ReceivedSms>;
      if (typeof parsed.to !== 'string' || typeof parsed.text !== 'string') return void res.writeHead(400).end('{"error":"to and text are required"}');
      fake.received.push({ to: parsed.to, text: parsed.text, ...(parsed.dlt ? { dlt: parsed.dlt } : {}) });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    })().catch(() => res.writeHead(400).end());
  });
  async function fast2sms(req: IncomingMessage, res: ServerResponse) {
    const json = (status: number, answer: object) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.headers.authorization !== FAST2SMS_KEY)
      return json(401, { return: false, status_code: 412, message: 'Invalid Authentication, Check Authorization Key' });
    const sent = JSON.parse(await body(req)) as Record<string, unknown>;
    if (sent.route !== 'dlt_manual') return json(400, { return: false, status_code: 400, message: 'Invalid Route' });
    if (typeof sent.sender_id !== 'string' || typeof sent.message !== 'string' || typeof sent.entity_id !== 'string')
      return json(200, { return: false, status_code: 424, message: 'Invalid Sender ID, Message or Entity ID' });
    if (typeof sent.numbers !== 'string' || !/^\d{10}$/.test(sent.numbers)) return json(200, { return: false, status_code: 411, message: 'Invalid Numbers' });
    if (fake.failWith) return json(200, { return: false, status_code: 999, message: 'Operator is busy' });
    fake.received.push({
      to: `+91${sent.numbers}`,
      text: sent.message,
      dlt: { entityId: sent.entity_id, senderId: sent.sender_id, ...(typeof sent.template_id === 'string' ? { templateId: sent.template_id } : {}) },
    });
    json(200, { return: true, request_id: 'lwdtp7cjyqxvfe9', message: ['Message sent successfully'] });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return fake;
}
