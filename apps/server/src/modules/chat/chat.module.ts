import { gifPageSize } from '@app/shared/chat/chat-constants';
import { findGift, findGiftCatalogue } from '@app/shared/chat/gift-catalogue';
import type { FastifyRequest } from 'fastify';
import { createMemberCountCache } from '../../events/member-count-cache.ts';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { createChatRepository } from './chat.repository.ts';
import { registerChatRoutes } from './chat.routes.ts';
import { type ChatService, createChatService } from './chat.service.ts';
import type { ChatPageServices } from './chat-page-services.ts';
import { createGifProvider } from './gifs/gif-provider.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    chat: ChatService;
  }
  interface PageServices {
    chat: ChatPageServices;
  }
}

function chatPageServices(chat: ModuleServices['chat'], request: FastifyRequest): ChatPageServices {
  const member = () => requireUser(request);
  return {
    findChats: () => chat.findChats(request.site, member()),
    findConversation: (conversationId, before) => chat.findConversation(request.site, member(), conversationId, before),
    findChatWith: (profileId) => chat.findChatWith(request.site, member(), profileId),
    markConversationRead: (conversationId) => chat.markConversationRead(member(), conversationId),
    sendMessage: (input) => chat.sendMessage(request.site, member(), request.locale, input),
    uploadChatPhoto: (image) => chat.uploadChatPhoto(member(), image),
    deleteChats: (target) => chat.deleteChats(member(), target),
    findGifts: () => chat.findGifts(request.site),
    searchGifs: (query, offset) => chat.searchGifs(request.locale, query, offset, gifPageSize),
    reportMember: (input) => chat.reportMember(request.site, member(), input),
    countUnread: async () => (request.user ? chat.countUnread(request.user) : 0),
  };
}

/** Conversations and messages: sending (priced per type, paid through the ledger), reading, removing, reporting. */
export const chatModule = defineModule({
  name: 'chat',
  needs: ['sites', 'accounts', 'credits', 'jobs'],
  services: async ({ config, work, now, storage, memberEvents, events, log }, { sites, accounts, credits, jobs }) => {
    const chat = await createChatService({
      repository: createChatRepository(work.db),
      events: memberEvents,
      work,
      storage,
      now,
      debitCredits: (change, cost) => credits.ledger.debitCredits(change, cost),
      findCredits: (userId) => credits.ledger.findBalance(userId),
      gifs: createGifProvider(config),
      gifts: { findGiftCatalogue, findGift },
      keepUnreadTotal: (read) =>
        createMemberCountCache({
          name: 'unread-messages',
          read,
          bus: events,
          now,
          log,
          refreshMs: config.badgeCountCacheSeconds * 1000,
        }),
    });
    // After the signup credits (the credits module listens first): held messages are paid and delivered.
    accounts.signup.onAccountActivated((userId) => chat.releaseHeldMessages((id) => sites.findSiteById(id), userId));
    jobs.define('chat.delete-unsent-photos', { handler: async () => void (await chat.deleteUnsentChatPhotos()) });
    await jobs.schedule('chat.delete-unsent-photos', '20 4 * * *');
    return chat;
  },
  routes: (scope, chat) => registerChatRoutes(scope, chat),
  page: chatPageServices,
});
