import type helmetPlugin from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * CSP and friends for the SPA and the API; HSTS only when the request came over TLS (directly or,
 * with TRUST_PROXY, through a proxy that says so). API answers are never cached.
 */
export async function registerSecurityHeaders(app: FastifyInstance, helmet: typeof helmetPlugin) {
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
