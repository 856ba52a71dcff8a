import { describe, expect, it } from 'vitest';
import { createRevocationTickets } from './revocation-tickets.ts';

describe('createRevocationTickets', () => {
  it('counts a read as stale once the revocation that could concern it is forgotten', () => {
    const tickets = createRevocationTickets<string>(2);
    const before = tickets.ticket();
    tickets.revoke('a');
    const afterA = tickets.ticket();
    expect(tickets.isCurrent(before, 'b')).toBe(true);
    expect(tickets.isCurrent(before, 'a')).toBe(false);
    tickets.revoke('b');
    tickets.revoke('c');
    // 'a' is forgotten now: no read begun before its revocation can be told apart any more.
    expect(tickets.isCurrent(before, 'x')).toBe(false);
    expect(tickets.isCurrent(afterA, 'x')).toBe(true);
    expect(tickets.isCurrent(afterA, 'b')).toBe(false);
  });
});
