/** Log settings: no secrets in logs. Tokens travel in headers, cookies, link paths and query strings. */
import type { FastifyServerOptions } from 'fastify';

const TOKEN_PATH = /^(\/(?:api\/)?invit(?:e|ations)\/)[^/?]+/;

export function safeUrl(url: string): string {
  const path = url.split('?')[0] ?? url;
  return path.replace(TOKEN_PATH, '$1[token]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: safeUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
