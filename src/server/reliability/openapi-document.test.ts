import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_NOT_FOUND } from '../routes/not-found.ts';
import { testDatabases } from '../testing/databases.ts';
import { useTestApp } from '../testing/test-app.ts';
import { PAYU, shopConfig } from './api-fuzz/fuzz-app.ts';
import { operationsOf, type OpenApiDocument } from './api-fuzz/openapi.ts';

/** The app's own OpenAPI document (issue 9), which the fuzzer (api-fuzz-*.test.ts) reads its operations from. */

describe('the OpenAPI document', () => {
  const t = useTestApp(testDatabases[0]!, { config: shopConfig(), payu: PAYU });

  it('is served at /api/docs as OpenAPI 3.1, made from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Test Shop API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect((await t.app.inject({ url: '/api/docs/openapi.json' })).json()).toEqual(doc);

    // the order call with its request body, from orderRequestSchema
    const create = doc.paths['/fn/order/create']?.post;
    const body = create?.requestBody?.content['application/json']?.schema;
    expect(create?.requestBody?.required).toBe(true);
    expect(body).toMatchObject({
      type: 'object',
      required: ['sfId', 'order'],
      properties: { sfId: { type: 'string', maxLength: 60 }, order: { type: 'object', required: ['items', 'deliveryMode'] } },
    });
    expect(body?.properties?.order?.properties?.items).toMatchObject({ type: 'array', minItems: 1, maxItems: 200, items: { required: ['id', 'qty'] } });
    expect(create?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }));
    // the order and payment calls declare their answers (decision 057): the order placed, each refusal's shape
    const answer = (path: string, status: string) => doc.paths[path]?.post?.responses[status]?.content?.['application/json']?.schema;
    expect(answer('/fn/order/create', '200')).toMatchObject({
      required: ['success', 'orderId', 'notificationToken', 'emailSent', 'order'],
      properties: { order: { required: expect.arrayContaining(['id', 'number', 'status', 'lines', 'totals', 'grandTotal']) } },
    });
    expect(answer('/fn/order/create', '401')).toMatchObject({ required: ['success', 'errorCode', 'errorMessage'] });
    expect(answer('/fn/order/create', '4XX')).toMatchObject({ required: ['error', 'message'] });
    expect(answer('/fn/order/quote', '200')).toMatchObject({ required: ['success', 'lines', 'totals', 'grandTotal'] });
    // pay on delivery, UPI, PayU, Razorpay
    expect(answer('/fn/order/paymentConfig', '200')?.oneOf).toHaveLength(4);
    expect(answer('/fn/order/paymentConfig', '404')).toMatchObject({ required: ['success', 'errorMessage'] });
    // a path parameter, a query parameter and a declared response
    expect(doc.paths['/api/guest/order/{orderId}']?.get?.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'orderId', required: true }));
    expect(doc.paths['/api/appointments/slots']?.get?.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'serviceId', required: true }));
    expect(doc.paths['/api/newsletter/subscribe']?.post?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      required: ['success', 'confirm', 'message'],
    });
    // the owner's calls are in it; catch-alls, pages, files and the document itself are not
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/api/catalog',
        '/api/auth/email/login',
        '/api/auth/caller/callback',
        '/fn/payu/return',
        '/admin/api/orders/{id}/status',
      ]),
    );
    for (const path of Object.keys(doc.paths)) {
      expect(path).toMatch(/^\/(api|fn|admin\/api)\/|^\/healthz$/);
      expect(path).not.toMatch(/\*|^\/api\/docs|socket/);
    }

    // a well-formed document: operations with responses, declared path parameters, schemas zod can read
    for (const op of operationsOf(doc)) {
      const declared = op.params
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared, op.id).toEqual([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      for (const p of op.params) expect(['path', 'query', 'header'], op.id).toContain(p.in);
      for (const schema of [...op.params.map((p) => p.schema), ...(op.body ? [op.body.schema] : []), ...Object.values(op.responses)])
        expect(() => z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema), op.id).not.toThrow();
    }
    const unknown = await t.app.inject({ url: '/api/docs-not-here' });
    expect(unknown.json()).toEqual(API_NOT_FOUND);
  });
});
