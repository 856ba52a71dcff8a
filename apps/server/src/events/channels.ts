/**
 * The event bus's channels that more than one module uses, with their messages: the module that changes something
 * publishes, the modules that keep copies listen.
 */

/**
 * A block between two members was made or lifted (moderation publishes; search drops what it kept of them, the badge
 * counts theirs).
 */
export const blocksChangedChannel = 'blocks.changed';

export interface BlocksChanged {
  /** The profile ids on both sides of the block. */
  profiles: number[];
}

export function isBlocksChanged(message: unknown): message is BlocksChanged {
  if (typeof message !== 'object' || message === null) return false;
  const { profiles } = message as { profiles?: unknown };
  return Array.isArray(profiles) && profiles.every((id) => Number.isSafeInteger(id));
}

/**
 * Members' new events, published after the commit that stored them, one message per transaction: each process sends
 * them to the members' open sockets and drops the members' badge counts (member-count-cache.ts). `prev` links each to
 * the member's event before it, so a socket that sent `prev` sends on without reading the database, and one that did
 * not reads what it missed (DESIGN.md, "Realtime delivery").
 */
export const memberEventsChannel = 'member.events';

/** One stored event as the bus carries it. */
export interface PublishedMemberEvent {
  id: number;
  prev: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: string;
}

export interface PublishedMemberEvents {
  members: { user: number; events: PublishedMemberEvent[] }[];
}

export function isPublishedMemberEvents(message: unknown): message is PublishedMemberEvents {
  if (typeof message !== 'object' || message === null) return false;
  const { members } = message as { members?: unknown };
  return (
    Array.isArray(members) &&
    members.every((member: { user?: unknown; events?: unknown }) => {
      return Number.isSafeInteger(member?.user) && Array.isArray(member.events) && member.events.length > 0;
    })
  );
}

/** Signals that are not stored (a member is typing), for one member's sockets wherever they are. */
export const memberSignalsChannel = 'member.signals';

export interface MemberSignal {
  user: number;
  frame: { t: 'typing'; conversation: number };
}

export function isMemberSignal(message: unknown): message is MemberSignal {
  if (typeof message !== 'object' || message === null) return false;
  const { user, frame } = message as { user?: unknown; frame?: { t?: unknown; conversation?: unknown } };
  return Number.isSafeInteger(user) && frame?.t === 'typing' && Number.isSafeInteger(frame.conversation);
}
