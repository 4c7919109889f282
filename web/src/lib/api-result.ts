/**
 * What a call of the HTTP API answers: the parsed body of a 2xx response, or the `{error,
 * message}` the edge sent (or a stand-in when the request never got an answer). Its own module
 * so that `api.ts` and `chat.ts` (whose streamed turn answers one too) need not import each other.
 */
/** A failure's `details`: the other fields of the error body (a catalogued error's extra facts, e.g. `failure` of a model discovery). */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string; message: string; details?: Record<string, unknown> };
