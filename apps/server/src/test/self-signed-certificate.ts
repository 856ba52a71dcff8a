import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// A few DER (ASN.1) encoders: just enough for one X.509 certificate.
function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, content: Buffer) =>
  Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift(0x80 | (value & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'ascii'));
const commonName = (name: string) =>
  sequence(tlv(0x31, sequence(objectId('2.5.4.3'), tlv(0x0c, Buffer.from(name, 'utf8')))));

/**
 * A throwaway self-signed certificate for 127.0.0.1 and localhost, made at run time so no private key lives in the
 * repository. For test servers that a client insists on reaching over HTTPS.
 */
export function createSelfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(objectId('1.2.840.10045.4.3.2'));
  const now = Date.now();
  const subjectAltName = sequence(
    objectId('2.5.29.17'),
    tlv(0x04, sequence(tlv(0x87, Buffer.from([127, 0, 0, 1])), tlv(0x82, Buffer.from('localhost', 'ascii')))),
  );
  const serial = randomBytes(8);
  // DER wants a positive INTEGER with no leading zero byte: OpenSSL refuses the certificate otherwise (1 run in 256).
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const certificateBody = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // version 3
    tlv(0x02, serial),
    ecdsaWithSha256,
    commonName('127.0.0.1'),
    sequence(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 7 * 86_400_000))),
    commonName('127.0.0.1'),
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(subjectAltName)),
  );
  const signature = sign('sha256', certificateBody, privateKey);
  const der = sequence(certificateBody, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${base64.trim()}\n-----END CERTIFICATE-----\n`,
  };
}
