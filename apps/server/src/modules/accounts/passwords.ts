import { hash, verify } from '@node-rs/argon2';

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
