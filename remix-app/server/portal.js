import cluster from 'node:cluster';
import http from 'node:http';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express from 'express';
import { createRequestHandler } from '@remix-run/express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { countStreamedBody, proxyError, refuseAnonymousUploads, refuseDeclaredOversize, refuseOversizeUploads } from './api-body-limit.js';
import { ConfigError, readServerEnv } from './env.js';
import { contentSecurityPolicy, isApiPath, refuseApiTokens, refuseCrossOriginPosts, refuseOtherMethods, securityHeaders } from './security.js';
import { requestId } from './request-id.js';
import { datasetRdf } from './dataset-rdf.js';

const dev = process.argv.includes('--dev');

/** @type {ReturnType<typeof readServerEnv>} */
let env;
try {
  env = readServerEnv(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', env.trustProxy);
app.use(securityHeaders({ dev }));
app.use(requestId());

app.use(datasetRdf());
app.use('/api', refuseDeclaredOversize());
app.use('/api', refuseAnonymousUploads());
// nest-api answers /api/* for the browser on our own origin: login redirects, downloads,
// Swagger. Bodies are streamed both ways, so nothing may parse them before this point.
app.use(
  createProxyMiddleware({
    target: env.apiUrl,
    // A connection per call cost one more wait on the busy event loop (docs/benchmarks.md); idle ones close before nest-api's 72 s.
    agent: new http.Agent({ keepAlive: true, timeout: 5_000 }),
    pathFilter: (path) => isApiPath(path),
    changeOrigin: false,
    // Set here rather than with `xfwd`, which would append to whatever the client claims.
    xfwd: false,
    on: {
      proxyReq(proxyReq, req, res) {
        countStreamedBody(proxyReq, req, res);
        const request = /** @type {import('express').Request} */ (req);
        proxyReq.setHeader('X-Forwarded-For', request.ip ?? request.socket.remoteAddress ?? '');
        proxyReq.setHeader('X-Forwarded-Proto', request.protocol);
        proxyReq.setHeader('X-Forwarded-Host', request.get('host') ?? '');
      },
      error: proxyError,
    },
  }),
);

// A data source that dials the hub (`--hub-connect`) reaches nest-api through the portal's own
// address, the one its start line names: only this path may upgrade to a WebSocket.
const DIAL_IN_PATH = '/api/datasource-protocol/connect';
const dialInProxy = createProxyMiddleware({
  target: env.apiUrl,
  ws: true,
  changeOrigin: false,
  xfwd: false,
  pathFilter: (path) => path === DIAL_IN_PATH,
  on: {
    proxyReqWs(proxyReq, req) {
      proxyReq.setHeader('X-Forwarded-For', req.socket.remoteAddress ?? '');
    },
  },
});

// Brotli's default 4 MB window per response halved throughput under load (docs/benchmarks.md); pages fit in 256 KB.
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
app.use(refuseOtherMethods());
app.use(refuseApiTokens());
app.use(refuseCrossOriginPosts());
app.use(refuseOversizeUploads());

/** @type {import('vite').ViteDevServer | undefined} */
let vite;
/** @type {import('@remix-run/node').ServerBuild | (() => Promise<import('@remix-run/node').ServerBuild>)} */
let build;
if (dev) {
  const devServer = await import('vite').then((module) => module.createServer({ server: { middlewareMode: true } }));
  vite = devServer;
  app.use(devServer.middlewares);
  build = () => /** @type {Promise<import('@remix-run/node').ServerBuild>} */ (devServer.ssrLoadModule('virtual:remix/server-build'));
} else {
  const clientDir = fileURLToPath(new URL('../build/client', import.meta.url));
  app.use('/assets', express.static(`${clientDir}/assets`, { immutable: true, maxAge: '1y', index: false }));
  // Only names with an extension can be files there: pages skip the file system.
  const staticFiles = express.static(clientDir, { maxAge: '1h', index: false });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? staticFiles(req, res, next) : next()));
  const buildPath = '../build/server/index.js';
  build = await import(buildPath);
}

/**
 * A cached page goes out with the nonce it was rendered with instead of this response's fresh one.
 * @param {import('express').Response} res
 * @param {string} nonce
 */
function setCspNonce(res, nonce) {
  res.locals.cspNonce = nonce;
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, { dev }));
}

app.all(
  '*',
  (req, _res, next) => {
    // Loaders pass this on to nest-api (rate limits); `req.ip` only believes proxies we trust.
    req.headers['x-forwarded-for'] = req.ip;
    next();
  },
  createRequestHandler({
    build,
    mode: dev ? 'development' : 'production',
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce ?? ''),
      // A document request renders the page in the same answer (no JavaScript); a `.data` request (single fetch) does not.
      documentRequest: !req.path.endsWith('.data'),
      /** @param {string} nonce */
      setCspNonce: (nonce) => setCspNonce(res, nonce),
    }),
  }),
);

function onListening() {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  console.log(`Datahub Tuinbouw portal listening on http://${env.host ?? 'localhost'}:${port} (API: ${env.apiUrl})`);
}
const server = env.host ? app.listen(env.port, env.host, onListening) : app.listen(env.port, onListening);
server.on('upgrade', (req, socket, head) => {
  if (new URL(req.url ?? '/', 'http://portal').pathname === DIAL_IN_PATH) dialInProxy.upgrade(req, /** @type {import('node:net').Socket} */ (socket), head);
  else socket.destroy();
});
server.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
  if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error;
  const why = error.code === 'EADDRINUSE' ? 'already in use' : 'not allowed';
  console.error(`The portal cannot start: port ${env.port} is ${why}; stop the other program, or choose another port with PORT.`);
  process.exit(1);
});

let stopping = false;
/** @param {NodeJS.Signals} signal */
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  if (cluster.isPrimary) console.log(`${signal} received, closing the portal.`);
  server.close(() => process.exit(0));
  // A kept-alive connection goes idle once its request is answered: closed then, not at the client's leisure.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  void vite?.close();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
