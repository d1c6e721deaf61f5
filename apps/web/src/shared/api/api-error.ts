/** Parameters of a refusal's sentence (a stage code, a limit, a list of stages). */
export type RefusalParams = Record<string, string | number | number[]>;

/** The one error shape the server sends: `{ error: { code, message, reason?, params?, fields? } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The stable name of the server's sentence (a key of the `refusals` texts) and its parameters. */
  readonly reason: string | undefined;
  readonly params: RefusalParams;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, said: { reason?: string; params?: RefusalParams } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = said.reason;
    this.params = said.params ?? {};
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type ErrorBody = { error?: { code?: unknown; message?: unknown; fields?: unknown; reason?: unknown; params?: unknown } };

function asParams(value: unknown): RefusalParams {
  if (!value || typeof value !== 'object') return {};
  const out: RefusalParams = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
    else if (Array.isArray(v) && v.every((x): x is number => typeof x === 'number')) out[key] = v;
  }
  return out;
}

function asFields(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value as Record<string, unknown>)) {
    if (typeof message === 'string') out[key] = message;
  }
  return out;
}

/** Builds an ApiError from any response; bodies that are not the agreed shape get a generic code. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody | null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = null;
  }
  const error = body?.error;
  const code = typeof error?.code === 'string' ? error.code : fallbackCode(response.status);
  const message = typeof error?.message === 'string' ? error.message : response.statusText || code;
  const reason = typeof error?.reason === 'string' ? error.reason : undefined;
  return new ApiError(response.status, code, message, asFields(error?.fields), { ...(reason ? { reason } : {}), params: asParams(error?.params) });
}

function fallbackCode(status: number): string {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

/** A network failure (server down, offline) looks like this. */
export function networkError(cause: unknown): ApiError {
  const error = new ApiError(0, 'network', 'Network request failed');
  (error as { cause?: unknown }).cause = cause;
  return error;
}
