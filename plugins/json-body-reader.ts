/**
 * The JSON body reader for every route. It reads the raw stream itself so it can enforce the
 * byte budget (413) and the read timeout (408) while bytes arrive, checks depth and item count
 * in one scan before parsing (so a hostile body never reaches JSON.parse's recursion), parses
 * an empty body as `{}`, and drops `__proto__` / `constructor.prototype` keys.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { errors } from '../kernel/errors.js';

export interface JsonBodyLimits {
  maxBytes: number;
  timeoutMs: number;
  maxDepth: number;
  maxItems: number;
}

/**
 * Bodies of public routes (and of requests that match no route) are read before anyone is
 * authenticated: they get this small bound instead of the route budget, so an anonymous client
 * cannot make the service buffer megabytes.
 */
export const PUBLIC_BODY_MAX_BYTES = 8 * 1024;

/**
 * Depth and item count of a JSON text, stopping as soon as a limit is passed; `nul` for an
 * escaped NUL (`\u0000`) in a string, which PostgreSQL cannot store.
 */
export function scanJsonShape(text: string, limits: Pick<JsonBodyLimits, 'maxDepth' | 'maxItems'>): 'ok' | 'too_deep' | 'too_many_items' | 'nul' {
  let depth = 0;
  let items = 0;
  let inString = false;
  // A value opens after `[`, `{`, `,` or `:`; counting opened non-empty slots counts items.
  let expectingValue = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) {
        // backslash: skip the escaped char; `\u0000` is the one escape refused
        if (text.charCodeAt(i + 1) === 117 && text.startsWith('0000', i + 2)) return 'nul';
        i++;
      } else if (c === 34) inString = false;
      continue;
    }
    if (c === 32 || c === 9 || c === 10 || c === 13) continue;
    if (c === 123 || c === 91) {
      // { [
      if (expectingValue && ++items > limits.maxItems) return 'too_many_items';
      if (++depth > limits.maxDepth) return 'too_deep';
      expectingValue = true;
    } else if (c === 125 || c === 93) {
      depth--;
      expectingValue = false;
    } else if (c === 44) {
      expectingValue = true;
    } else if (c === 58) {
      expectingValue = true;
      items--; // object keys are not items; the value after `:` is
    } else {
      if (expectingValue && ++items > limits.maxItems) return 'too_many_items';
      if (c === 34) inString = true;
      expectingValue = false;
    }
  }
  return 'ok';
}

async function jsonBodyReader(app: FastifyInstance, limits: JsonBodyLimits): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    const match = request.svcMatch;
    const maxBytes = match && !match.entry.public ? limits.maxBytes : PUBLIC_BODY_MAX_BYTES;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      payload.resume();
      return done(errors.requestBodyTooLarge({ limit: maxBytes }), undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, value?: unknown) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      if (error) payload.resume();
      done(error, value);
    };
    const timer = setTimeout(() => finish(errors.requestBodyTimeout({ timeoutMs: limits.timeoutMs })), limits.timeoutMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(errors.requestBodyTooLarge({ limit: maxBytes }));
      chunks.push(chunk);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks, size).toString('utf8').trim();
      if (text === '') return finish(null, {});
      const shape = scanJsonShape(text, limits);
      if (shape === 'too_deep') return finish(errors.jsonTooDeep({ limit: limits.maxDepth }));
      if (shape === 'too_many_items') return finish(errors.jsonTooManyItems({ limit: limits.maxItems }));
      if (shape === 'nul') return finish(errors.nulCharacterNotAllowed({ part: 'body' }));
      try {
        finish(null, secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
      } catch {
        finish(errors.invalidJson());
      }
    };
    const onError = () => finish(errors.invalidJson());
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}

export default fp(jsonBodyReader, { name: 'svc-json-body-reader', fastify: '5.x' });
