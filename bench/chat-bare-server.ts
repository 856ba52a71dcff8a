// The chat bench's baseline: a bare `ws` server on node:http doing the fan-out the app does, with nothing else (no
// session, database, ledger or bus). A member is named by their `auth.token` cookie; POST /api/messages.php with a
// JSON message for a member (`profile`) answers the message and sends the frames the app sends for it: the
// receiver's `message` event, and the sender's own `message` and `credits` events (their other tabs).
import { createServer, type IncomingMessage } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

const sockets = new Map<string, Set<WebSocket>>();
let lastId = 0;

const memberOf = (request: IncomingMessage) => request.headers.cookie?.match(/(?:^|;\s*)auth\.token=([^;]+)/)?.[1];

function sendTo(member: string, frame: object) {
  // One JSON text per socket, as the app's sockets do.
  for (const socket of sockets.get(member) ?? []) socket.send(JSON.stringify(frame));
}

function fanOut(sender: string, input: { profile: number; text: string; client_id: string }) {
  const receiver = String(input.profile);
  const now = new Date().toISOString();
  const id = ++lastId;
  const message = (fromMe: boolean) => ({
    id,
    conversation: 1,
    client_id: fromMe ? input.client_id : null,
    from_me: fromMe,
    type: 'message',
    text: input.text,
    photo: null,
    gift: null,
    gif: null,
    credits: fromMe ? 5 : 0,
    created_at: now,
    read: false,
    held: false,
  });
  const event = (type: string, payload: object) => ({ t: 'event', id: ++lastId, type, payload, created_at: now });
  sendTo(sender, event('credits', { credits: 1000, reason: 'message' }));
  sendTo(
    sender,
    event('message', { conversation: 1, profile: input.profile, message: message(true), unread_total: 0 }),
  );
  sendTo(receiver, event('message', { conversation: 1, profile: 0, message: message(false), unread_total: 1 }));
  return { message: message(true), credits: 1000 };
}

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/readyz') {
    response.end('ok');
    return;
  }
  const sender = memberOf(request);
  if (request.method !== 'POST' || request.url !== '/api/messages.php' || !sender) {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const answer = JSON.stringify(fanOut(sender, JSON.parse(Buffer.concat(chunks).toString())));
    response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  });
});

const upgrades = new WebSocketServer({ noServer: true, maxPayload: 1024 });
server.on('upgrade', (request, socket, head) => {
  const member = memberOf(request);
  if (request.url !== '/api/ws' || !member) {
    socket.destroy();
    return;
  }
  upgrades.handleUpgrade(request, socket, head, (ws) => {
    const set = sockets.get(member) ?? new Set();
    sockets.set(member, set);
    set.add(ws);
    ws.on('close', () => {
      set.delete(ws);
      if (set.size === 0) sockets.delete(member);
    });
    ws.send(JSON.stringify({ t: 'hello', last_event_id: lastId }));
  });
});

server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? 'localhost');
