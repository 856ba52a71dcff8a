import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createRequestIds,
  createRequestLogger,
  logOptions,
  RequestLogController,
  serializeError,
} from './log-redaction.ts';

const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

function failedInsert() {
  const server = Object.assign(new Error('duplicate key value violates unique constraint "users_site_email_idx"'), {
    code: '23505',
    detail: 'Key (site_id, email)=(1, anna@example.com) already exists.',
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash", "signup_ip") values ($1, $2, $3)',
    ['anna@example.com', hash, '203.0.113.9', '2001:db8:85a3::8a2e:370:7334'],
    server,
  );
}

describe('log redaction', () => {
  it('keeps what explains a failed query and drops its parameters and the duplicate value', () => {
    const text = JSON.stringify(serializeError(failedInsert()));
    expect(text).toContain('insert into');
    expect(text).toContain('23505');
    for (const secret of ['anna@example.com', hash, '203.0.113.9', '2001:db8:85a3', 'c2FsdHNhbHQ'])
      expect(text).not.toContain(secret);
  });

  it('is what the app logs with: errors and request lines carry no personal data', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...logOptions('info'), stream }, logController: new RequestLogController() });
    app.get('/fail', async () => {
      throw failedInsert();
    });
    await app.inject({ url: '/fail?token=secret-token&email=anna@example.com', remoteAddress: '203.0.113.9' });
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('/fail?token=…&email=…');
    // One line per answered request, with its status.
    expect(lines.filter((line) => line.includes('"request":{')).map((line) => JSON.parse(line).status)).toEqual([500]);
    for (const secret of ['anna@example.com', hash, '203.0.113.9', 'secret-token']) expect(log).not.toContain(secret);
  });

  it('writes an answered request as pino writes a line, with a request id, and makes no request logger for it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    let childLoggers = 0;
    let counting = false;
    const app = Fastify({
      logger: { ...logOptions('info'), stream },
      logController: new RequestLogController(),
      childLoggerFactory: (logger, bindings, options) => {
        if (!counting) {
          counting = true;
          const child = logger.child.bind(logger);
          logger.child = (...args) => {
            childLoggers++;
            return child(...args);
          };
        }
        return createRequestLogger(logger, bindings, options);
      },
      genReqId: createRequestIds(),
    });
    app.get('/quiet', async () => 'ok');
    app.get('/talks', async (request) => {
      request.log.warn('something to say');
      return 'ok';
    });
    await app.inject({ url: '/quiet?email=anna@example.com' });
    expect(childLoggers).toBe(0);
    await app.inject({ url: '/talks' });
    expect(childLoggers).toBe(1);
    await app.inject({ url: '/quiet?flag&b=x=y&&c=' });
    await app.inject({ url: '/quiet?' });
    await app.close();
    const parsed = lines.map((line) => JSON.parse(line));
    const completed = parsed.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(4);
    expect(completed.slice(2).map((line) => line.request.url)).toEqual(['/quiet?flag=…&b=…&c=…', '/quiet']);
    expect(Object.keys(completed[0])).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'request',
      'status',
      'ms',
      'msg',
    ]);
    expect(completed[0]).toMatchObject({
      level: 30,
      pid: process.pid,
      status: 200,
      request: { url: '/quiet?email=…' },
    });
    expect(completed[0].reqId).not.toBe(completed[1].reqId);
    const warning = parsed.find((line) => line.msg === 'something to say');
    expect(warning).toMatchObject({ level: 40, reqId: completed[1].reqId });
  });
});
