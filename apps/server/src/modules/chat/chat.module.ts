import { AppError } from '@app/shared/errors/app-error';
import { defineModule } from '../../lib/define-module.ts';
import type { ChatPageServices } from './chat-page-services.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    chat: Record<string, never>;
  }
  interface PageServices {
    chat: ChatPageServices;
  }
}

// Contract skeleton for the helpers' branches: the lead replaces it with the real module.
const pending = () => {
  throw new AppError('service_unavailable', 'chat not built yet');
};

export const chatModule = defineModule({
  name: 'chat',
  services: () => ({}),
  page: () => ({
    findChats: pending,
    findConversation: pending,
    findChatWith: pending,
    markConversationRead: pending,
    sendMessage: pending,
    uploadChatPhoto: pending,
    deleteChats: pending,
    findGifts: pending,
    searchGifs: pending,
    reportMember: pending,
    countUnread: pending,
  }),
});
