/**
 * Log settings: no secrets and no personal data in logs. Tokens travel in headers, cookies, link
 * paths and query strings; passwords, emails and their hashes travel in bodies and, when a
 * statement fails, in the database driver's error (its message lists the statement's parameters).
 * So a request is logged as its method, route pattern and path without the query string; an error
 * as its type, a scrubbed message, its code and its stack frames, never its other properties.
 */
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

const TOKEN_PATH = /^(\/(?:api\/)?invit(?:e|ations)\/)[^/?]+/;

export function safeUrl(url: string): string {
  const path = url.split('?')[0] ?? url;
  return path.replace(TOKEN_PATH, '$1[token]');
}

const SCRUBS: [RegExp, string][] = [
  // An argon2 hash, a JWT, an email address.
  [/\$argon2(?:id|i|d)\$[^\s"',)]*/g, '[hash]'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  // A link's token in its path, and any query string after a path.
  [/(\/(?:api\/)?invit(?:e|ations)\/)[^/?\s"']+/g, '$1[token]'],
  [/(\/[^\s?"'#]*)\?[^\s"'#]*/g, '$1'],
  // PostgreSQL names the value it refused: 'invalid input syntax for type uuid: "…"'.
  [/((?:for type|for enum|for encoding) [^:\n]*): ".*"/g, '$1'],
];

/** Takes personal data and secrets out of an error's text. */
export function scrubText(text: string): string {
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <every parameter>".
  const paramsAt = text.indexOf('\nparams: ');
  let safe = paramsAt >= 0 ? text.slice(0, paramsAt) : text;
  for (const [pattern, replacement] of SCRUBS) safe = safe.replace(pattern, replacement);
  return safe;
}

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Fields of an error (and of the database errors it wraps) that never carry a value. */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'table', 'column', 'constraint', 'routine'] as const;

/**
 * An error as the log shows it: type, scrubbed message, stack frames (the stack's first line
 * repeats the message, so it is rebuilt), the fields above, and its cause the same way.
 * Everything else it carries (drizzle's `params`, PostgreSQL's `detail` with the duplicate value,
 * a validation error's input) stays out.
 */
export function safeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    const message = scrubText(typeof err === 'string' ? err : 'a value that is not an Error was thrown');
    return { type: typeof err, message, stack: '' };
  }
  // The class's name, unless minified (PGlite's errors) or plain: then the error's own name.
  const className = err.constructor?.name ?? '';
  const type = className.length > 2 && className !== 'Error' ? className : err.name || 'Error';
  const message = scrubText(err.message);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') logged[key] = value;
  }
  if (err.cause !== undefined && depth < 4) logged.cause = safeError(err.cause, depth + 1);
  return logged;
}

/** Redacted wherever a log call names them, one level down too. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'email',
  'body',
  'query',
];

type LoggedRequest = {
  method: string;
  url: string;
  ip?: string;
  id?: string;
  routeOptions?: { url?: string };
};

/**
 * A line for each request ("incoming request", "request completed") only at `debug` and `trace`:
 * at the default level (`info`) they cost the API 5–7% of its time (issue 35), and an answer that
 * failed is logged on its own (`unhandled error`, a warning) at every level.
 */
export function logsEachRequest(level: string): boolean {
  return level === 'debug' || level === 'trace';
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
    ],
    serializers: {
      req: (req: LoggedRequest) => ({
        id: req.id,
        method: req.method,
        route: req.routeOptions?.url,
        url: safeUrl(req.url),
        ip: req.ip,
      }),
      err: safeError,
    },
  };
}
