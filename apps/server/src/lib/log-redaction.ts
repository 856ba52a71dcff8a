import { type FastifyLoggerOptions, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';

/**
 * What the server log must never hold (DESIGN: no passwords, hashes or personal data). Drizzle puts a failed
 * query's parameters in its error message and stack, and PostgreSQL names the duplicate value in `detail`; the
 * patterns below are a net for whatever else slips into a message.
 */
const secretPatterns: [RegExp, string][] = [
  [/\nparams: [^\n]*/g, '\nparams: [redacted]'],
  [/\$argon2(id|i|d)\$[^\s,)]+/g, '[hash]'],
  [/[^\s@,()'"<>=]+@[^\s@,()'"<>=]+\.[a-z]{2,}/gi, '[email]'],
  [/\b\d{1,3}(\.\d{1,3}){3}\b/g, '[ip]'],
  [/\b[0-9a-f]{1,4}(:[0-9a-f]{0,4}){2,7}\b/gi, '[ip]'],
  [/\b[0-9a-f]{64}\b/gi, '[hash]'],
];

/** Every pattern above needs one of these characters; most log messages have none and are left as they are. */
const mayHoldSecret = /[@$:\d\n]/;

function scrubText(text: string): string {
  if (!mayHoldSecret.test(text)) return text;
  return secretPatterns.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text);
}

const droppedErrorFields = new Set(['params', 'query', 'detail', 'where', 'parameters']);

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = droppedErrorFields.has(key) ? '[redacted]' : scrubValue(item, depth + 1);
  }
  return result;
}

/** pino's error serializer, then the query parameters, duplicate values and anything that looks personal removed. */
export function serializeError(error: Error) {
  const serialized = scrubValue(stdSerializers.err(error), 0) as ReturnType<typeof stdSerializers.err> & {
    causeCode?: string;
  };
  // The SQLSTATE of the driver's error explains a failed query without its values.
  for (let cause = (error as { cause?: unknown }).cause, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') {
      serialized.causeCode = code;
      break;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return serialized;
}

/**
 * One line per answered request instead of Fastify's two, flat and already clean (no serializer or redaction pass):
 * method, path with query keys only, host, status and milliseconds.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      request: serializeRequest(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}

/** The request line without query values (tokens, addresses) and without the client's address. */
function serializeRequest(request: FastifyRequest): { method: string; url: string; host: string } {
  const [path, query] = request.url.split('?', 2);
  const keys = query ? [...new URLSearchParams(query).keys()] : [];
  return {
    method: request.method,
    url: keys.length ? `${path}?${keys.map((key) => `${key}=…`).join('&')}` : (path ?? ''),
    host: request.hostname,
  };
}

/** The server log: no cookies, query values, client addresses, query parameters or hashes. */
export function logOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { err: serializeError, req: serializeRequest },
    // A log message is often an error's message (Fastify logs those of answers it sends itself).
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as typeof args);
      },
    },
  };
}
