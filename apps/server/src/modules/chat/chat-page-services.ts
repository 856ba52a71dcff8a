import type {
  ChatGift,
  ChatProfile,
  ChatsResponse,
  Composer,
  Gif,
  MessagesResponse,
  SendMessageInput,
  SendMessageResponse,
} from '@app/shared/chat/chat';
import type { ReportReason } from '@app/shared/chat/chat-constants';

/** What the chat pages (loaders and actions) call, bound to the page's request; each needs a logged-in member. */
export interface ChatPageServices {
  /** The member's conversations, newest first, and the unread total. */
  findChats(): Promise<ChatsResponse>;
  /** A page of one of the member's conversations (newest first); null when it is not theirs (or removed by them). */
  findConversation(conversationId: number, before?: number): Promise<MessagesResponse | null>;
  /**
   * The chat with a profile for /members/{id}/chat: its conversation id when there is one (the page then goes to
   * /chats/{id}), else the header and the composer of a first message. Null when the profile does not exist or is
   * not visible to the member.
   */
  findChatWith(
    profileId: number,
  ): Promise<{ conversationId: number | null; profile: ChatProfile; composer: Composer } | null>;
  /** Sets the conversation's unread count to 0 and tells the other member it was read. */
  markConversationRead(conversationId: number): Promise<void>;
  /** Sends one message (idempotent by `client_id`); throws AppError (insufficient_credits, conversation_limit_reached…). */
  sendMessage(input: SendMessageInput): Promise<SendMessageResponse>;
  /** Stores a photo for a photo message (through the photo pipeline); answers its id. */
  uploadChatPhoto(image: Buffer): Promise<{ id: number }>;
  /** Removes conversations for the member (the other keeps theirs); answers the removed ids. */
  deleteChats(target: { conversation: number } | { profile: number }): Promise<number[]>;
  findGifts(): ChatGift[];
  /** GIFs for the words in the member's language (the shipped set, or GIPHY with GIPHY_API_KEY). */
  searchGifs(query: string, offset: number): Promise<{ gifs: Gif[]; next_offset: number | null }>;
  reportMember(input: { profile: number; message?: number; reason: ReportReason; text: string }): Promise<void>;
  /** Unread messages over all conversations (nav badge). */
  countUnread(): Promise<number>;
}
