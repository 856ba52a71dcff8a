import { AppError } from '@app/shared/errors/app-error';
import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnResult } from '@zxcvbn-ts/core';
import { loadOnce } from '../../lib/load-once.ts';

// argon2id with OWASP's minimum (m=19 MiB, t=2, p=1): about 20 ms here.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when no account matches, so that a wrong e-mail costs the same time as a wrong password. */
export const unusedPasswordHash =
  '$argon2id$v=19$m=19456,t=2,p=1$N5la1Y8TpepYWWYF6dvktg$q3P/vdShiXH/HiE3FP5M2bKK5M6iNSE1Sca9kKhfgJY';

/**
 * zxcvbn's score runs from 0 to 4. 3 means at least 10^8 estimated guesses ("safely unguessable"), the usual bar:
 * 2 and lower hold only against a throttled online attack, not against a cracked copy of a leaked hash list, and
 * every entry of the breached-password list of 8 characters or more scores 2 or less. 4 would refuse many good
 * passphrases.
 */
const minimumScore = 3;

// Only this many characters are scored (zxcvbn truncates): the matchers grow with the square of the length and with
// each l33t variant, and signup is open to anyone, so a 200-character password must not cost a second of CPU.
// A password whose first 64 characters are weak is weak; one whose first 64 are strong is strong.
const scoredLength = 64;
const l33tVariants = 30;

/**
 * The estimator with its dictionaries, built on the first check (a few hundred ms) and kept for every later one:
 * the common (breached) password list, the diceware words and keyboard layouts, and Dutch words and first and last
 * names, as the sites are Dutch first. English adds little beyond the breached list at three times the cost per check.
 * Server only: the dictionaries never reach the browser bundle (packages/shared and apps/web do not import this).
 */
const estimator = loadOnce(async () => {
  const [{ ZxcvbnFactory }, common, dutch] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-nl-be'),
  ]);
  const dutchWords = Object.fromEntries(Object.entries(dutch.dictionary).map(([name, words]) => [`${name}-nl`, words]));
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...dutchWords },
    graphs: common.adjacencyGraphs,
    maxLength: scoredLength,
    l33tMaxSubstitutions: l33tVariants,
  });
});

/** The member's own details a guesser tries first: the address, its local part and its words, and the name. */
function personalWords(inputs: readonly string[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const value = input.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    const at = value.lastIndexOf('@');
    if (at > 0) {
      const local = value.slice(0, at);
      words.add(local);
      for (const part of local.split(/[._+-]+/)) if (part.length >= 3) words.add(part);
    }
  }
  return [...words];
}

function isListed(result: ZxcvbnResult): boolean {
  const [only, ...rest] = result.sequence;
  return rest.length === 0 && only?.pattern === 'dictionary' && only.dictionaryName === 'passwords-common';
}

/** zxcvbn's verdict on a new password, with the member's e-mail address and profile name as words to guess first. */
export async function passwordStrength(password: string, userInputs: readonly string[] = []) {
  const result = (await estimator()).check(password, personalWords(userInputs));
  const listed = isListed(result);
  return { score: result.score, listed, strong: result.score >= minimumScore && !listed };
}

/**
 * Refuses a new password (signup, reset, change) that is on the breached-password list or easy to guess, before it
 * is hashed. `userInputs` are the member's e-mail address and profile name.
 */
export async function assertStrongPassword(password: string, userInputs: readonly string[]): Promise<void> {
  const { strong, score } = await passwordStrength(password, userInputs);
  if (!strong) throw new AppError('password_too_common', `new password scores ${score}`, { field: 'password' });
}
