import { generateKeyPairSync } from 'node:crypto';
import type { SecretsRepository } from '../system/secrets.repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A P-256 key pair in the base64url form web push uses (public key as the uncompressed point). */
function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: priv.d! };
}

/** Keys from the environment when set, otherwise generated on first start and kept in the database. */
export async function ensureVapidKeys(
  secrets: SecretsRepository,
  configured: VapidKeys | undefined,
): Promise<VapidKeys> {
  if (configured) return configured;
  const existing = await secrets.findSecret('vapid_keys');
  if (existing) return JSON.parse(existing) as VapidKeys;
  return JSON.parse(await secrets.insertSecretOnce('vapid_keys', JSON.stringify(generateVapidKeys()))) as VapidKeys;
}
