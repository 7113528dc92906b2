/**
 * Limits on a service call's body, enforced while it streams in, before it is parsed:
 * a body larger than its method accepts, or nested deeper than any method's schema
 * goes, is refused after the bytes that prove it, instead of after reading and
 * parsing all of it (a 26 MB body nested 13 million deep cost seconds of parsing).
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { MethodContract } from '../../contract';
import { fault, type ServiceFault } from '../fault';

/** Bodies of methods that take no file: far above any form, grid query or definition. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Methods that take files (base64 inside the JSON): a 10 MB file and its envelope. */
export const MAX_FILE_BODY_BYTES = 25 * 1024 * 1024;
/**
 * Deepest nesting of objects and arrays a body may have. The deepest method schema
 * (a grid query with free-form filter values) reaches 10; the unit test keeps every
 * method below this.
 */
export const MAX_BODY_DEPTH = 32;

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when a schema holds a base64 string anywhere (the method takes a file). */
function takesFiles(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  if ((schema as Record<string, unknown>).contentEncoding === 'base64') return true;
  return Object.values(schema).some((child) => takesFiles(child));
}

const limits = new WeakMap<MethodContract, number>();

/** The largest body a method accepts, in bytes. */
export function bodyLimitFor(contract: MethodContract): number {
  let limit = limits.get(contract);
  if (limit === undefined) {
    limit = takesFiles(contract.params) ? MAX_FILE_BODY_BYTES : MAX_BODY_BYTES;
    limits.set(contract, limit);
  }
  return limit;
}

/** A fault fastify's body reader answers as it is (it reads `statusCode` from a stream's error). */
const streamFault = (error: ServiceFault) => Object.assign(error, { statusCode: error.status });

export const bodyTooLarge = () => streamFault(fault(413, 'bodyTooLarge'));
export const bodyTooDeep = () => streamFault(fault(400, 'bodyTooDeep', { depth: MAX_BODY_DEPTH }));

/**
 * Passes the body through while counting its bytes and its nesting (outside strings);
 * fails the stream at the first byte beyond either limit. JSON's structural characters
 * are ASCII, and UTF-8 never uses ASCII bytes inside a multi-byte character, so
 * scanning bytes is exact.
 */
function bodyGuard(limit: number, maxDepth: number): Transform {
  let bytes = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      bytes += chunk.length;
      if (bytes > limit) return done(bodyTooLarge());
      for (let index = 0; index < chunk.length; index++) {
        const byte = chunk[index];
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) {
          inString = true;
        } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
          if (++depth > maxDepth) return done(bodyTooDeep());
        } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
          depth--;
        }
      }
      done(null, chunk);
    },
  });
}

/**
 * Bodies announced this small (Content-Length) are not streamed through the guard: node's parser
 * never hands over more bytes than announced, and the dispatcher refused an announcement over the
 * method's limit already, so only the depth is left to check, on the text before it is parsed
 * (`tooDeep`). A guard stream per call was several percent of a busy instance's CPU (issue 37).
 */
export const SMALL_BODY_BYTES = 16 * 1024;

/** True when JSON text nests objects and arrays deeper than `maxDepth` (outside strings): the guard's rule, on text. */
export function tooDeep(text: string, maxDepth = MAX_BODY_DEPTH): boolean {
  // Fewer characters than levels cannot go deeper.
  if (text.length <= maxDepth) return false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * The request's body seen through the guard. A refusal leaves the rest of the request unread
 * (node discards it after the answer); a request the client abandons ends the guard too, so
 * the body reader never waits for bytes that will not come.
 */
export function guardedBody(payload: Readable, limit: number, maxDepth = MAX_BODY_DEPTH): Transform {
  const guard = bodyGuard(limit, maxDepth);
  payload.on('error', (error) => guard.destroy(error));
  payload.on('close', () => {
    if (!payload.readableEnded) guard.destroy(Object.assign(new Error('request closed before its body ended'), { statusCode: 400 }));
  });
  return payload.pipe(guard);
}
