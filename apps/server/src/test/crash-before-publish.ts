/**
 * A server process that dies between a commit and its publish: it serves the API on PostgreSQL (DATABASE_URL,
 * PORT) and kills itself (SIGKILL, no clean-up) the moment it would publish a member's events. The realtime tests
 * send a message through it and show that the message still reaches the receiver, by replay on reconnect.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { memberEventsChannel } from '../events/channels.ts';
import { createLocalEventBus } from '../events/event-bus.ts';
import { createLocalStorage } from '../storage/local-storage.ts';

const config = { ...loadConfig(), serveWeb: false };
const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl! });
const bus = createLocalEventBus();
const publish = bus.publish.bind(bus);
bus.publish = async (channel, message) => {
  if (channel === memberEventsChannel) process.kill(process.pid, 'SIGKILL');
  return publish(channel, message);
};
const app = await buildApp({
  config,
  database,
  storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'crash-before-publish-'))),
  events: bus,
});
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log('ready');
