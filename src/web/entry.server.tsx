import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce.ts';

export const streamTimeout = 5_000;

/**
 * Renders the whole page before sending it: our loaders resolve all data up front, so
 * waiting for everything costs nothing and gives crawlers and users complete HTML. The
 * per-response CSP nonce goes on every inline script React and React Router emit.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          headers.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
