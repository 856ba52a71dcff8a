import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseServerResponse, JoinedHeadResponse, joinedBodyLimit } from './joined-head-response.ts';

const smallBody = Buffer.from('{"settings":{"name":"Hartklop","ratio":"½"}}'.repeat(20));
const largeBody = Buffer.alloc(joinedBodyLimit + 1, 'x');

/** Each path answers one way; the two servers answer every path alike. */
function answer(request: IncomingMessage, response: ServerResponse) {
  response.sendDate = false;
  switch (request.url) {
    case '/bytes':
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': smallBody.length });
      response.end(smallBody);
      return;
    case '/chunked':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(smallBody);
      response.end(smallBody);
      return;
    case '/large':
      response.writeHead(200, { 'content-length': largeBody.length });
      response.end(largeBody);
      return;
    case '/text':
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Foto’s');
      return;
    case '/text-length':
      response.writeHead(200, { 'content-length': Buffer.byteLength('Foto’s') });
      response.end('Foto’s');
      return;
    case '/two-writes':
      response.writeHead(200, { 'content-length': smallBody.length * 2 });
      response.write(smallBody);
      response.end(smallBody);
      return;
    default:
      response.writeHead(204);
      response.end();
  }
}

async function startServer(serverResponse: typeof ServerResponse, writevCalls: { count: number }): Promise<Server> {
  const server = createServer({ ServerResponse: serverResponse }, answer);
  server.on('connection', (socket: Socket & { _writev: (...args: unknown[]) => unknown }) => {
    const writev = socket._writev;
    socket._writev = (...args: unknown[]) => {
      writevCalls.count++;
      return writev.apply(socket, args);
    };
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

/** Sends raw request text on one connection and reads every byte until the server closes it. */
async function exchange(server: Server, requests: string): Promise<Buffer> {
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.end(requests);
  await once(socket, 'close');
  return Buffer.concat(chunks);
}

const request = (method: string, path: string, connection = 'close') =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: ${connection}\r\n\r\n`;

describe('JoinedHeadResponse', () => {
  const nodeWritevs = { count: 0 };
  const joinedWritevs = { count: 0 };
  let nodeServer: Server;
  let joinedServer: Server;
  beforeAll(async () => {
    nodeServer = await startServer(ServerResponse, nodeWritevs);
    joinedServer = await startServer(JoinedHeadResponse, joinedWritevs);
  });
  afterAll(async () => {
    await Promise.all([nodeServer, joinedServer].map((server) => new Promise((closed) => server.close(closed))));
  });

  it('is the class chosen on this Node', () => {
    expect(chooseServerResponse()).toBe(JoinedHeadResponse);
  });

  it.each(['/bytes', '/chunked', '/large', '/text', '/text-length', '/two-writes', '/empty'])(
    'answers %s with the bytes Node alone sends',
    async (path) => {
      const fromNode = await exchange(nodeServer, request('GET', path));
      expect(fromNode.length).toBeGreaterThan(0);
      expect(await exchange(joinedServer, request('GET', path))).toEqual(fromNode);
    },
  );

  it('sends no body to HEAD', async () => {
    const fromNode = await exchange(nodeServer, request('HEAD', '/bytes'));
    expect(fromNode.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n$/);
    expect(await exchange(joinedServer, request('HEAD', '/bytes'))).toEqual(fromNode);
  });

  it('answers requests pipelined on one connection in order, byte bodies waiting behind an earlier answer too', async () => {
    // Node gives the connection to the first answer; the others wait in their own queues until it is done.
    const paths = ['/text', '/bytes', '/two-writes', '/large', '/chunked', '/bytes'];
    const all = paths.map((path, index) => request('GET', path, index === paths.length - 1 ? 'close' : 'keep-alive'));
    const fromNode = await exchange(nodeServer, all.join(''));
    expect(fromNode.toString('latin1').match(/HTTP\/1\.1 200 OK/g)).toHaveLength(paths.length);
    expect(await exchange(joinedServer, all.join(''))).toEqual(fromNode);
  });

  it('sends a small byte body in one write with its head, where Node alone needs writev', async () => {
    nodeWritevs.count = 0;
    joinedWritevs.count = 0;
    await exchange(nodeServer, request('GET', '/bytes'));
    await exchange(joinedServer, request('GET', '/bytes'));
    expect(nodeWritevs.count).toBe(1);
    expect(joinedWritevs.count).toBe(0);
  });
});
