/**
 * The event bus's channels that more than one module uses, with their messages: the module that changes something
 * publishes, the modules that keep copies listen.
 */

/** A block between two members was made or lifted (moderation publishes; search drops what it kept of them). */
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
