import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { payuRequestHash, payuResponseHash, type PayuRequest } from '../services/payu-protocol.ts';

/**
 * A local PayU that speaks the documented hosted-checkout protocol: `POST /_payment`
 * takes the merchant's form, checks its hash with the salt, and shows a page whose
 * buttons post PayU's signed answer (success or failure) to the merchant's surl or furl.
 * Tests and the browser journeys pay through it; nothing leaves the machine.
 */
export type FakePayu = {
  url: string;
  endpoint: string;
  app: FastifyInstance;
  received: PayuRequest[];
  answer(req: PayuRequest, status: 'success' | 'failure'): Record<string, string>;
  close(): Promise<void>;
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakePayu(credentials: { key: string; salt: string }, port = 0): Promise<FakePayu> {
  const app = Fastify();
  await app.register(formbody);
  const received: PayuRequest[] = [];
  let mihpayid = 403993715500000000;

  const answer = (req: PayuRequest, status: 'success' | 'failure'): Record<string, string> => {
    const fields = {
      key: req.key,
      txnid: req.txnid,
      amount: req.amount,
      productinfo: req.productinfo,
      firstname: req.firstname,
      email: req.email,
      udf1: req.udf1,
      udf2: req.udf2,
      udf3: req.udf3,
      udf4: req.udf4,
      udf5: req.udf5,
      status,
    };
    return { ...fields, mihpayid: String(++mihpayid), mode: 'CC', phone: req.phone, hash: payuResponseHash(fields, credentials.salt) };
  };

  app.post('/_payment', async (request, reply) => {
    const form = request.body as Record<string, string>;
    const req = Object.fromEntries(
      ['key', 'txnid', 'amount', 'productinfo', 'firstname', 'email', 'phone', 'surl', 'furl', 'udf1', 'udf2', 'udf3', 'udf4', 'udf5'].map((k) => [
        k,
        form[k] ?? '',
      ]),
    ) as PayuRequest;
    if (req.key !== credentials.key || form.hash !== payuRequestHash(req, credentials.salt) || req.txnid.length > 25) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>PayU</title><h1>Invalid payment request</h1><p>The hash does not match.</p>');
    }
    received.push(req);
    const formFor = (target: string, status: 'success' | 'failure', label: string) =>
      `<form method="post" action="${escape(target)}">${Object.entries(answer(req, status))
        .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
        .join('')}<button type="submit">${label}</button></form>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>PayU test payment</title><h1>Test payment of ₹${escape(req.amount)}</h1><p>${escape(req.productinfo)}</p>${formFor(req.surl, 'success', 'Pay now')}${formFor(req.furl, 'failure', 'Cancel payment')}</html>`,
      );
  });

  app.get('/', async () => ({ fakePayu: true }));
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { url, endpoint: `${url}/_payment`, app, received, answer, close: () => app.close() };
}
