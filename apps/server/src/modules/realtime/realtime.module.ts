import { sessionCookieName } from '@app/shared/accounts/login';
import type { ClientFrame } from '@app/shared/chat/chat-constants';
import { closeCodeLoggedOut } from '@app/shared/chat/chat-constants';
import { maxId } from '@app/shared/input';
import fastifyWebsocket from '@fastify/websocket';
import {
  isMemberSignal,
  isPublishedMemberEvents,
  type MemberSignal,
  memberEventsChannel,
  memberSignalsChannel,
} from '../../events/channels.ts';
import { createMemberEventsRepository } from '../../events/member-events.repository.ts';
import { publishWithRetry } from '../../events/publish-with-retry.ts';
import { defineModule } from '../../lib/define-module.ts';
import { isCrossSite } from '../../plugins/csrf.ts';
import { hashSessionToken } from '../accounts/accounts.service.ts';
import type { Site } from '../sites/sites.service.ts';
import { MemberSocket } from './member-socket.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    realtime: { countSockets(): number };
  }
}

const heartbeatMs = 30_000;
const sessionCheckDelayMs = 1_000;
/** Typing signals a socket may send per second; more are dropped. */
const typingPerSecond = 2;

interface OpenSocket {
  member: MemberSocket;
  site: Site;
  token: string;
  alive: boolean;
  /** The page said it is visible (a `presence` frame). */
  visible: boolean;
  ping(): void;
  terminate(): void;
}

/**
 * The realtime socket, `/api/ws` (DESIGN.md, "Realtime delivery"): a member's events pushed as they commit, on
 * whichever process the member's sockets are; replay after a reconnect; typing signals. The database is the truth:
 * the bus carries news, and a socket that missed some reads it back.
 */
export const realtimeModule = defineModule({
  name: 'realtime',
  needs: ['accounts', 'chat', 'notifications'],
  services: () => ({ countSockets: () => 0 }),
  routes: async (scope, services, { work, events: bus, log }) => {
    const { accounts, sessions } = scope.services.accounts;
    const chat = scope.services.chat;
    const notifications = scope.services.notifications;
    // Members with a visible page on a socket of this process: they see news on screen, so none is pushed or mailed.
    const lookingNow = () =>
      [...byUser].filter(([, set]) => [...set].some((open) => open.visible)).map(([user]) => user);
    const tellLooking = (users: number[]) =>
      void notifications.markLooking(users).catch((error) => log.warn({ err: error }, 'presence not stored'));
    const tellAway = (user: number) =>
      void notifications.markAway(user).catch((error) => log.warn({ err: error }, 'presence not stored'));
    const source = createMemberEventsRepository(work.db);
    const byUser = new Map<number, Set<OpenSocket>>();
    services.countSockets = () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0);

    const unsubscribeEvents = await bus.subscribe(memberEventsChannel, (message) => {
      if (!isPublishedMemberEvents(message)) return;
      for (const { user, events } of message.members) {
        for (const open of byUser.get(user) ?? []) open.member.deliver(events);
      }
    });
    const unsubscribeSignals = await bus.subscribe(memberSignalsChannel, (message) => {
      if (!isMemberSignal(message)) return;
      for (const open of byUser.get(message.user) ?? []) open.member.signal(message.frame);
    });
    const stopResync = bus.onResync(() => {
      for (const set of byUser.values()) for (const open of set) open.member.resync();
    });
    // A revoked session (logout, password change, deletion) closes its sockets, here and on every process.
    const stopRevoked = sessions.onRevoked((revocation) => {
      const affected =
        revocation === 'all'
          ? [...byUser.values()].flatMap((set) => [...set])
          : 'user' in revocation
            ? [...(byUser.get(revocation.user) ?? [])]
            : [...byUser.values()]
                .flatMap((set) => [...set])
                .filter((open) => open.member.tokenHash === revocation.session);
      // Checked a moment later, not at once: a revocation may be published before the change that caused it commits,
      // and a read then would see (and keep in the cache) the session as it was.
      if (affected.length === 0) return;
      const check = setTimeout(() => {
        for (const open of affected) {
          void accounts.findSessionUser(open.site, open.token).then(
            (user) => {
              if (!user) open.member.close(closeCodeLoggedOut, 'logged out');
            },
            (error) => log.warn({ err: error }, 'socket session check failed'),
          );
        }
      }, sessionCheckDelayMs);
      check.unref();
    });

    const heartbeat = setInterval(() => {
      const looking = lookingNow();
      if (looking.length > 0) tellLooking(looking);
      for (const set of byUser.values()) {
        for (const open of set) {
          if (!open.alive) {
            open.terminate();
            continue;
          }
          open.alive = false;
          open.ping();
        }
      }
    }, heartbeatMs);
    heartbeat.unref();

    scope.addHook('onClose', async () => {
      clearInterval(heartbeat);
      unsubscribeEvents();
      unsubscribeSignals();
      stopResync();
      stopRevoked();
      for (const set of byUser.values()) for (const open of set) open.terminate();
      byUser.clear();
    });

    await scope.register(fastifyWebsocket, { options: { maxPayload: 1024 } });

    scope.route({
      method: 'GET',
      url: '/api/ws',
      schema: { hide: true },
      // Refused before the upgrade: another site's page, or no member.
      preValidation: async (request, reply) => {
        if (isCrossSite(request)) return reply.code(403).send({ error: 'cross_site_request' });
        if (!request.user) return reply.code(403).send({ error: 'authentication_required' });
      },
      handler: (_request, reply) => reply.code(426).send({ error: 'validation_failed' }),
      wsHandler: (socket, request) => {
        const user = request.user!;
        const token = request.cookies[sessionCookieName]!;
        const member = new MemberSocket(user.id, hashSessionToken(token), socket, source, (error) =>
          log.warn({ err: error, user: user.id }, 'socket delivery failed'),
        );
        const open: OpenSocket = {
          member,
          site: request.site,
          token,
          alive: true,
          visible: false,
          ping: () => socket.ping(),
          terminate: () => socket.terminate(),
        };
        const set = byUser.get(user.id) ?? new Set();
        byUser.set(user.id, set);
        set.add(open);
        let typingWindow = 0;
        let typingCount = 0;
        socket.on('pong', () => {
          open.alive = true;
        });
        const anyVisible = () => [...(byUser.get(user.id) ?? [])].some((other) => other.visible);
        socket.on('close', () => {
          set.delete(open);
          if (set.size === 0) byUser.delete(user.id);
          if (open.visible && !anyVisible()) tellAway(user.id);
        });
        socket.on('message', (data) => {
          const frame = parseClientFrame(data.toString());
          if (!frame) return;
          if (frame.t === 'presence') {
            const wasLooking = anyVisible();
            open.visible = frame.visible;
            if (!wasLooking && frame.visible) tellLooking([user.id]);
            else if (wasLooking && !anyVisible()) tellAway(user.id);
            return;
          }
          const second = Math.floor(Date.now() / 1000);
          if (second !== typingWindow) [typingWindow, typingCount] = [second, 0];
          if (++typingCount > typingPerSecond) return;
          void chat.findTypingTarget(request.site, user, frame.conversation).then(
            (other) => {
              if (other === null) return;
              const signal: MemberSignal = { user: other, frame: { t: 'typing', conversation: frame.conversation } };
              void publishWithRetry(bus, memberSignalsChannel, signal, log, []);
            },
            (error) => log.warn({ err: error }, 'typing signal failed'),
          );
        });
        const after = Number((request.query as { after?: string }).after);
        member.start(Number.isSafeInteger(after) && after >= 0 && 'after' in (request.query as object) ? after : null);
      },
    });
  },
});

function parseClientFrame(text: string): ClientFrame | null {
  try {
    const frame = JSON.parse(text) as Partial<ClientFrame>;
    if (frame.t === 'presence' && typeof frame.visible === 'boolean') return { t: 'presence', visible: frame.visible };
    if (
      frame.t === 'typing' &&
      Number.isInteger(frame.conversation) &&
      frame.conversation! > 0 &&
      frame.conversation! <= maxId
    ) {
      return { t: 'typing', conversation: frame.conversation! };
    }
  } catch {
    // not a frame of ours
  }
  return null;
}
