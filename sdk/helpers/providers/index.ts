/**
 * A kit for model provider adapters (system mods and third-party mods alike): an SSE parser
 * that survives any byte split, bounded upstream calls, upstream error mapping with credential
 * redaction, endpoint URL joining, and the request and stream types (`model-wire.ts`) they speak.
 *
 * @packageDocumentation
 */
export * from './sse-parser.js';
export * from './upstream-call.js';
export * from './upstream-error.js';
export * from './endpoint-url.js';
export * from './sse-stream.js';
export * from './model-wire.js';
