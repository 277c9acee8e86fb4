// The response envelope: `{success:true, data}` or `{success:false, error, errorMsg, fields?}`. A response
// counts as successful only when it carries the success flag, whatever its status.
import { AN_ERROR_OCCURRED, requestFailed } from './messages';
import type { components } from './schema';

/** Every code the server's failures carry; the OpenAPI document lists them. */
export type ErrorCode = components['schemas']['ErrorCode'];

export type ApiFailure = {
  ok: false;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** The server's machine code (`password`, `validation`, `2fa_required`, …), when it sent one. */
  code: ErrorCode | null;
  message: string;
  /** Validation messages by field name (`{error:"validation", fields:{password:"…"}}`). */
  fields: Record<string, string>;
  body: unknown;
};

export type ApiSuccess<T> = { ok: true; status: number; data: T; body: unknown };

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export class ApiError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.failure = failure;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The message to show for a failed call: error, else errorMsg, else reason, else
 * "An error occurred". Our server's `error` is a machine code (`2fa_required`) and its sentence is in
 * `errorMsg`, so a code-like `error` yields to `errorMsg`/`reason` and is shown only when nothing else is
 * there; an `error` that is a sentence (as older endpoints sent) is shown first, as the spec orders.
 * A body that is plain text (a transport error on a post) is shown as it is.
 */
export function failureMessage(body: unknown, fallback: string = AN_ERROR_OCCURRED): string {
  if (typeof body === 'string') return text(body) ?? fallback;
  if (!isRecord(body)) return fallback;
  const error = text(body.error);
  if (error !== null && /\s/.test(error.trim())) return error;
  return text(body.errorMsg) ?? text(body.reason) ?? error ?? fallback;
}

function fieldsOf(body: unknown): Record<string, string> {
  if (!isRecord(body) || !isRecord(body.fields)) return {};
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(body.fields)) {
    if (typeof message === 'string') fields[name] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') fields[name] = message[0];
  }
  return fields;
}

/** Reads a parsed response body (JSON value, or text when the body was not JSON). */
export function readEnvelope<T>(status: number, body: unknown, fallback: string = AN_ERROR_OCCURRED): ApiResult<T> {
  if (isRecord(body) && body.success === true && status >= 200 && status < 300) {
    return { ok: true, status, data: body.data as T, body };
  }
  const emptyBody = body === undefined || body === null || body === '';
  return {
    ok: false,
    status,
    code: isRecord(body) && typeof body.error === 'string' ? (body.error as ErrorCode) : null,
    message: emptyBody && status >= 300 ? requestFailed(status) : failureMessage(body, fallback),
    fields: fieldsOf(body),
    body,
  };
}

export function transportFailure(message: string): ApiFailure {
  return { ok: false, status: 0, code: null, message, fields: {}, body: null };
}

/** For TanStack Query: the data, or an ApiError carrying the failure. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new ApiError(result);
}
