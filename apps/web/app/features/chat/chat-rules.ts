import type { ChatGift, ChatMessage, Composer, Gif } from '@app/shared/chat/chat';
import { clientIdPattern, type MessageType, typingRepeatMs } from '@app/shared/chat/chat-constants';
import type { ShouldRevalidateFunction } from 'react-router';
import type { FormError } from '../../lib/form-errors.ts';

/** Pure rules of the conversation page, apart from the components so that they are unit-tested. */

/** A message the member sent from this page that the server has not stored yet, or refused. */
export interface PendingMessage {
  client_id: string;
  type: MessageType;
  text: string | null;
  gif: Gif | null;
  gift: ChatGift | null;
  /** A photo on its way: the browser's own copy (an object URL), shown until the server's arrives. */
  photoPreview: string | null;
  created_at: string;
  status: 'sending' | 'failed';
  error: FormError | null;
}

/** What an own message shows under it. */
export type OwnMessageState = 'sending' | 'failed' | 'held' | 'sent' | 'read';

/**
 * The state of a stored own message: held while its sender's address is unconfirmed, read once the other opened
 * the conversation (the answer says so, or a `messages_read` event reached `readUpTo` or beyond), else sent.
 */
export function findOwnMessageState(
  message: Pick<ChatMessage, 'id' | 'read' | 'held'>,
  readUpTo: number,
): OwnMessageState {
  if (message.held) return 'held';
  return message.read || message.id <= readUpTo ? 'read' : 'sent';
}

/**
 * The messages of several sources (older pages, the loader's newest page, realtime and sends) as one list, oldest
 * first, each once: a later source's copy wins, but a message once read stays read.
 */
export function mergeMessages(...sources: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const source of sources) {
    for (const message of source) {
      const earlier = byId.get(message.id);
      byId.set(message.id, earlier?.read && !message.read ? { ...message, read: true } : message);
    }
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The pending messages the server has not answered with a stored message (by the sender's client id). */
export function dropSettled(pending: readonly PendingMessage[], stored: readonly ChatMessage[]): PendingMessage[] {
  const settled = new Set(stored.map((message) => message.client_id).filter(Boolean));
  return pending.filter((message) => !settled.has(message.client_id));
}

/** One day of the conversation: its date (`2026-05-04`, in the site's time zone) and its messages in order. */
interface DayGroup<Item> {
  day: string;
  items: Item[];
}

/** `2026-05-04`: the calendar day of a moment in a time zone. */
export function findDay(at: string | number | Date, timeZone: string): string {
  // en-CA writes the date as year-month-day, whatever the browser's language.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(at),
  );
}

/** Consecutive items of the same day under one date divider (the items are in time order). */
export function groupByDay<Item extends { created_at: string }>(items: readonly Item[], timeZone: string) {
  const groups: DayGroup<Item>[] = [];
  for (const item of items) {
    const day = findDay(item.created_at, timeZone);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** How a date divider names its day: today, yesterday, or the date itself. */
export function findDayName(day: string, now: number, timeZone: string): 'today' | 'yesterday' | 'date' {
  if (day === findDay(now, timeZone)) return 'today';
  // A day back from noon of today's date: never lands on the same date across a change of summer time.
  const [year, month, date] = findDay(now, timeZone).split('-').map(Number) as [number, number, number];
  const yesterday = new Date(Date.UTC(year, month - 1, date - 1, 12)).toISOString().slice(0, 10);
  return day === yesterday ? 'yesterday' : 'date';
}

/** What a send costs: credits, and the money they stand for in the member's country when the site says. */
export interface SendCost {
  credits: number;
  money: { amount: number; currency: string } | null;
}

/**
 * The price of the next send of a type (a gift: its own price). The money is the country's price of a text message
 * (`minimum_message_costs`) in proportion to the credits, rounded to cents.
 */
export function findSendCost(
  type: MessageType,
  composer: Pick<Composer, 'prices' | 'message_money'>,
  giftCredits?: number,
): SendCost {
  const credits = type === 'gift' && giftCredits !== undefined ? giftCredits : composer.prices[type];
  const { message_money: money, prices } = composer;
  if (!money || prices.message <= 0) return { credits, money: null };
  return {
    credits,
    money: { amount: Math.round((money.amount * credits * 100) / prices.message) / 100, currency: money.currency },
  };
}

/** A new client id for a send: a random UUID without dashes (`clientIdPattern`). */
export function createClientId(random: () => string = () => crypto.randomUUID()): string {
  const id = random().replaceAll('-', '');
  if (!clientIdPattern.test(id)) throw new Error('client id out of pattern');
  return id;
}

/** Whether the member's typing is news again: the first keystroke, then at most every `typingRepeatMs`. */
export function isTypingDue(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= typingRepeatMs;
}

/** The header menu's dialogs and the report's thanks, each open while its query parameter has its value. */
export const viewParams = { block: 'modal', report: 'form', delete: 'confirm', reported: '1' } as const;
export type ViewParam = keyof typeof viewParams;

/** The current address with one of the page's dialogs (or the report's thanks) open or closed. */
export function withViewParam(location: { pathname: string; search: string }, name: ViewParam, open: boolean): string {
  const params = new URLSearchParams(location.search);
  if (open) params.set(name, viewParams[name]);
  else params.delete(name);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

/** The dialog the address opens (`?report=form`); deleting needs a conversation. */
export function findOpenDialog(search: string, hasConversation: boolean): 'block' | 'report' | 'delete' | null {
  const params = new URLSearchParams(search);
  const open = (['block', 'report', 'delete'] as const).find((name) => params.get(name) === viewParams[name]);
  return open === 'delete' && !hasConversation ? null : (open ?? null);
}

/**
 * Whether a navigation between two addresses of the same conversation changes only what is open on it, so that its
 * loader need not run again (it would read the conversation and mark it read once more).
 */
export function changesOnlyView(current: URL, next: URL): boolean {
  // The same address again is a reload the page asked for (a revalidation), not a dialog opening or closing.
  if (current.pathname !== next.pathname || current.href === next.href) return false;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of Object.keys(viewParams)) params.delete(name);
    params.sort();
    return params.toString();
  };
  return rest(current) === rest(next);
}

/** The chat routes' `shouldRevalidate`: opening or closing a dialog reads nothing again; forms and the rest do. */
export const shouldReloadChat: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && changesOnlyView(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

/** The message a `message` event carries, when it belongs to this conversation. */
export function readEventMessage(payload: Record<string, unknown>, conversationId: number): ChatMessage | null {
  if (payload.conversation !== conversationId) return null;
  const message = payload.message as ChatMessage | undefined;
  return message && typeof message.id === 'number' ? message : null;
}
