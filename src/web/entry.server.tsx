import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import './lib/load-context.ts';
import { lowPriorityScriptPreloads } from './lib/low-priority-script-preloads.ts';

export const streamTimeout = 5_000;

/**
 * Renders the whole page before sending it: our loaders resolve all data up front, so
 * waiting for everything costs nothing and gives crawlers and users complete HTML. The
 * scripts React Router and React write carry the server's per-render marker as their
 * nonce; the server allows exactly those by their hashes and takes the marker out
 * (decision 028).
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const nonce = loadContext.scriptMarker;
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        const body = lowPriorityScriptPreloads();
        body.on('finish', () => clearTimeout(timeout));
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
