import { findWantedGender } from '@app/shared/profiles/looking-for';
import type { LikeSource, LikesRepository } from '../modules/likes/likes.repository.ts';
import type { DemoProfile } from './demo-profiles.ts';
import type { Random } from './random.ts';

/** A seeded profile: its id and what it was made from. */
interface SeededProfile {
  id: number;
  person: DemoProfile;
}

const hourMs = 3_600_000;
/** The demo's likes fall in the last two weeks, so that every list reads "recent". */
const windowMs = 14 * 24 * hourMs;

/**
 * Likes around each demo account, so that a newcomer logging in finds every likes page filled: 8 to 15 received (the
 * newest 2 to 4 still new, the older ones seen), 5 to 10 given, 2 or 3 of them matches. The other side is always a
 * listed profile of the same site (all demo profiles are), never another demo account, and of the gender the account
 * looks for while there are enough. Deterministic through `random`.
 */
export async function seedDemoLikes(
  likes: LikesRepository,
  random: Random,
  options: { accounts: SeededProfile[]; profiles: SeededProfile[]; now: Date },
) {
  const { now } = options;
  const accountIds = new Set(options.accounts.map((account) => account.id));
  const others = options.profiles.filter((profile) => !accountIds.has(profile.id));
  /** A moment between both profiles' signup (and two weeks ago) and a few minutes ago. */
  const momentFor = (a: SeededProfile, b: SeededProfile) => {
    const from = Math.max(now.getTime() - windowMs, a.person.createdAt.getTime(), b.person.createdAt.getTime());
    const to = now.getTime() - 10 * 60_000;
    return new Date(from + Math.floor(random.next() * Math.max(0, to - from)));
  };
  // Fictional profiles like through the auto-like, and it labels them so; members like from a profile or the game.
  const sourceOf = (liker: SeededProfile): LikeSource =>
    liker.person.fictional ? 'auto' : random.chance(0.3) ? 'swipe' : 'profile';

  for (const account of options.accounts) {
    const wanted = findWantedGender(account.person.gender, account.person.sexuality);
    const fitting = others.filter((other) => !wanted || other.person.gender === wanted);
    const rest = others.filter((other) => wanted && other.person.gender !== wanted);
    // Whom the account looks for first; the others only when a small demo site runs short of them.
    const pool = [...random.sample(fitting, fitting.length), ...random.sample(rest, rest.length)];
    const receivedCount = Math.min(random.int(8, 15), pool.length);
    const received = pool
      .slice(0, receivedCount)
      .map((liker) => ({ liker, at: momentFor(account, liker) }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const seenCount = Math.max(0, received.length - random.int(2, 4));
    for (const [index, { liker, at }] of received.entries()) {
      await likes.insertLike(liker.id, account.id, sourceOf(liker), at);
      if (index < seenCount) {
        const seenAt = new Date(Math.min(at.getTime() + random.int(1, 20) * hourMs, now.getTime()));
        await likes.markLikeSeen(liker.id, account.id, seenAt);
      }
    }
    // The account liked back some likers whose profile it had opened (seen likes): the matches.
    const matched = random.sample(received.slice(0, seenCount), random.int(2, 3));
    for (const { liker, at } of matched) {
      // The like back came later: it made the match.
      const back = new Date(Math.min(at.getTime() + random.int(1, 30) * hourMs, now.getTime() - 60_000));
      await likes.insertLike(account.id, liker.id, random.chance(0.5) ? 'swipe' : 'profile', back);
    }
    const givenOnly = pool.slice(receivedCount, receivedCount + random.int(5, 10) - matched.length);
    for (const target of givenOnly) {
      await likes.insertLike(
        account.id,
        target.id,
        random.chance(0.3) ? 'swipe' : 'profile',
        momentFor(account, target),
      );
    }
  }
}
