import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { renderToReadableStream } from 'react-dom/server.browser';
import { NonceProvider } from './lib/core/nonce';
import { acceptedEncoding, encodeWholeNow, keptPageReply, pageCache, pageKey, type CachedPage } from './lib/page-cache/page-cache.server';
import { renderedPageView, sendPageView } from './lib/insight/page-views.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : '';
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  const view = renderedPageView(request, responseStatusCode, remixContext);
  if (view) sendPageView(request, view);

  const key = pageCache ? pageKey(request, responseStatusCode, responseHeaders, remixContext, waitForAll) : null;
  if (pageCache && key) {
    const cached = pageCache.get(key);
    if (cached) {
      // The page goes out with the nonce it was rendered with (server.js set a fresh one).
      loadContext.setCspNonce(cached.nonce);
      return cachedResponse(request, responseStatusCode, responseHeaders, key, cached);
    }
    return renderToBuffer(remixContext, request.url, nonce).then((html) =>
      cachedResponse(request, responseStatusCode, responseHeaders, key, pageCache!.set(key, nonce, html)),
    );
  }

  if (request.method !== 'GET' && request.method !== 'HEAD') return wholeResponse(request, responseStatusCode, responseHeaders, remixContext, nonce);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the error boundary; log the first ones.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Sent whole and compressed in one step: streamed, its 16 KB pieces each waited for a busy event loop (docs/benchmarks.md). */
async function wholeResponse(request: Request, status: number, headers: Headers, remixContext: EntryContext, nonce: string): Promise<Response> {
  const html = await renderToBuffer(remixContext, request.url, nonce, { failOnError: false });
  const encoding = acceptedEncoding(request.headers.get('Accept-Encoding'));
  const bytes = encodeWholeNow(html, encoding);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.append('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(bytes.length));
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status, headers });
}

/** React's web-streams build goes on as soon as a suspended part is ready, not a `setImmediate` per piece (docs/benchmarks.md). */
async function renderToBuffer(remixContext: EntryContext, url: string, nonce: string, { failOnError = true } = {}): Promise<Buffer> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('page render timed out')), streamTimeout + 1_000);
  let failure: { error: unknown } | undefined;
  try {
    const stream = await renderToReadableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        signal: timeout.signal,
        onError(error: unknown) {
          if (failOnError) failure ??= { error };
          else if (!timeout.signal.aborted) console.error(error);
        },
      },
    );
    await stream.allReady;
    if (timeout.signal.aborted) throw timeout.signal.reason;
    if (failure) throw failure.error;
    const chunks: Uint8Array[] = [];
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    return Buffer.concat(chunks);
  } finally {
    clearTimeout(timer);
  }
}

/** Compressed here, so the compression middleware leaves it. */
async function cachedResponse(request: Request, status: number, headers: Headers, key: string, page: CachedPage): Promise<Response> {
  const reply = await keptPageReply(key, page, { ifNoneMatch: request.headers.get('If-None-Match'), acceptEncoding: request.headers.get('Accept-Encoding') });
  for (const [name, value] of reply.headers) {
    if (name === 'Vary') headers.append(name, value);
    else headers.set(name, value);
  }
  if (reply.notModified) return new Response(null, { status: 304, headers });
  // A Buffer is a Uint8Array, which Response takes; TypeScript's DOM types only miss its ArrayBufferLike.
  return new Response(reply.body as Uint8Array<ArrayBuffer>, { status, headers });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
