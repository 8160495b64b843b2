import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Helmet's options: CSP and friends for the SPA and the API. HSTS is decided per request below. */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  hsts: false,
  crossOriginEmbedderPolicy: false,
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets, worked out once: helmet is run against a recording response at start-up.
 * (@fastify/helmet builds and runs a new helmet middleware on every request, which re-parses the
 * CSP directives each time: an eighth of the CPU of answering `/api/health`.)
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * CSP and friends for the SPA and the API; HSTS only when the request came over TLS (directly or,
 * with TRUST_PROXY, through a proxy that says so). API answers are never cached. Every answer names
 * its request id. One synchronous hook, before anything else, so error answers carry them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders();
  const names = Object.keys(headers);
  app.addHook('onRequest', (request, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    const url = request.url;
    if (url.startsWith('/api/') && !url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
    done();
  });
}
