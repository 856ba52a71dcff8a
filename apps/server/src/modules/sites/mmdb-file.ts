import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * A MaxMind DB file (the format of the GeoIP database) read where it lies: each look-up reads the search tree's nodes
 * on its path from the file, one small read each, instead of the process holding the whole file in memory (8 MB for
 * DB-IP's countries, nearly all of it tree). The data section, under 2 KB there, is read once.
 * Format: https://maxmind.github.io/MaxMind-DB/ (version 2).
 */
export interface MmdbFile {
  /** The record of the network holding the address; null for an address in no network or not an address. */
  find(address: string): unknown;
}

const metadataMarker = Buffer.from('\xAB\xCD\xEFMaxMind.com', 'latin1');
/** The format puts the metadata in the file's last 128 KB. */
const metadataSearchSize = 128 * 1024;
const dataSectionSeparator = 16;
/** Beyond this, reading the data section whole on open would be the memory this reader exists to save. */
const largestDataSection = 1024 * 1024;

export function openMmdbFile(path: string): MmdbFile {
  const descriptor = openSync(path, 'r');
  try {
    return readTree(path, descriptor);
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
}

/** The reader over an open file; the descriptor stays open for the reader's life (the process's). */
function readTree(path: string, descriptor: number): MmdbFile {
  const readInto = (bytes: Buffer, length: number, position: number) => {
    if (readSync(descriptor, bytes, 0, length, position) !== length) throw new Error(`${path}: short read`);
    return bytes;
  };
  const readAt = (position: number, length: number) => readInto(Buffer.alloc(length), length, position);
  const fileSize = fstatSync(descriptor).size;
  const tailStart = Math.max(0, fileSize - metadataSearchSize);
  const tail = readAt(tailStart, fileSize - tailStart);
  const markerAt = tail.lastIndexOf(metadataMarker);
  if (markerAt < 0) throw new Error(`${path} is not a MaxMind DB file`);
  const metadataStart = markerAt + metadataMarker.length;
  const metadata = decodeValue(tail, metadataStart, metadataStart).value as Record<string, unknown>;
  const nodeCount = Number(metadata.node_count);
  const recordSize = Number(metadata.record_size);
  const ipVersion = Number(metadata.ip_version);
  if (Number(metadata.binary_format_major_version) !== 2) throw new Error(`${path}: not format version 2`);
  if (!(recordSize === 24 || recordSize === 28 || recordSize === 32) || !(nodeCount > 0)) {
    throw new Error(`${path}: unsupported record size ${recordSize} or node count ${nodeCount}`);
  }
  const nodeSize = recordSize / 4;
  const dataStart = nodeCount * nodeSize + dataSectionSeparator;
  const dataSize = tailStart + markerAt - dataStart;
  if (dataSize < 0 || dataSize > largestDataSection) throw new Error(`${path}: data section of ${dataSize} bytes`);
  const data = readAt(dataStart, dataSize);

  const node = Buffer.alloc(8);
  /** The left (bit 0) or right (bit 1) record of a node. */
  const readRecord = (nodeNumber: number, bit: number): number => {
    readInto(node, nodeSize, nodeNumber * nodeSize);
    if (recordSize === 32) return node.readUInt32BE(bit * 4);
    if (recordSize === 24) return bit === 0 ? node.readUIntBE(0, 3) : node.readUIntBE(3, 3);
    // 28 bits: the middle byte's high nibble belongs to the left record, its low nibble to the right.
    return bit === 0
      ? ((node[3]! & 0xf0) << 20) | node.readUIntBE(0, 3)
      : ((node[3]! & 0x0f) << 24) | node.readUIntBE(4, 3);
  };

  // An IPv4 address is looked up in an IPv6 tree as ::a.b.c.d: its walk starts 96 zero bits down.
  let ipv4Start = 0;
  if (ipVersion === 6) {
    for (let depth = 0; depth < 96 && ipv4Start < nodeCount; depth++) ipv4Start = readRecord(ipv4Start, 0);
  }
  const records = new Map<number, unknown>();

  return {
    find(address) {
      const bytes = parseAddressBytes(address);
      // An IPv4 tree knows no IPv6 address.
      if (!bytes || (bytes.length === 16 && ipVersion === 4)) return null;
      let nodeNumber = bytes.length === 4 ? ipv4Start : 0;
      for (let depth = 0; depth < bytes.length * 8 && nodeNumber < nodeCount; depth++) {
        nodeNumber = readRecord(nodeNumber, (bytes[depth >> 3]! >> (7 - (depth & 7))) & 1);
      }
      // Equal to the node count: no network holds it. Above: a pointer into the data section.
      if (nodeNumber <= nodeCount) return null;
      const offset = nodeNumber - nodeCount - dataSectionSeparator;
      let record = records.get(offset);
      if (record === undefined) {
        record = decodeValue(data, offset, 0).value;
        records.set(offset, record);
      }
      return record;
    },
  };
}

/** An address's bytes: 4 for IPv4, 16 for IPv6 (an IPv4-mapped one as written, `::ffff:a.b.c.d`); null for neither. */
export function parseAddressBytes(address: string): Uint8Array | null {
  if (isIPv4(address)) return Uint8Array.from(address.split('.'), Number);
  if (!isIPv6(address)) return null;
  const bytes = new Uint8Array(16);
  let text = address.split('%')[0]!;
  let groupsEnd = 16;
  // A dotted IPv4 part at the end fills the last four bytes.
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    bytes.set(Uint8Array.from(last.split('.'), Number), 12);
    groupsEnd = 12;
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  for (const [index, group] of front.entries()) bytes.set([group >> 8, group & 0xff], index * 2);
  for (const [index, group] of back.entries()) {
    bytes.set([group >> 8, group & 0xff], groupsEnd - (back.length - index) * 2);
  }
  return bytes;
}

export type Decoded = { value: unknown; next: number };

/** Decodes the value at `offset` of the data section format; pointers are relative to `pointerBase`. */
export function decodeValue(bytes: Buffer, offset: number, pointerBase: number): Decoded {
  const control = bytes[offset++]!;
  let type = control >> 5;
  if (type === 1) {
    // A pointer: its size bits say how many bytes follow, each size past the first adding the range below it.
    const size = (control >> 3) & 0x3;
    const high = control & 0x7;
    let target: number;
    if (size === 0) target = (high << 8) | bytes[offset]!;
    else if (size === 1) target = ((high << 16) | bytes.readUInt16BE(offset)) + 2048;
    else if (size === 2) target = ((high << 24) | bytes.readUIntBE(offset, 3)) + 526_336;
    else target = bytes.readUInt32BE(offset);
    return { value: decodeValue(bytes, pointerBase + target, pointerBase).value, next: offset + size + 1 };
  }
  if (type === 0) type = 7 + bytes[offset++]!;
  let size = control & 0x1f;
  if (size === 29) size = 29 + bytes[offset++]!;
  else if (size === 30) {
    size = 285 + bytes.readUInt16BE(offset);
    offset += 2;
  } else if (size === 31) {
    size = 65_821 + bytes.readUIntBE(offset, 3);
    offset += 3;
  }
  switch (type) {
    case 2:
      return { value: bytes.toString('utf8', offset, offset + size), next: offset + size };
    case 3:
      return { value: bytes.readDoubleBE(offset), next: offset + 8 };
    case 4:
      return { value: Buffer.from(bytes.subarray(offset, offset + size)), next: offset + size };
    case 5:
    case 6:
      return { value: size === 0 ? 0 : bytes.readUIntBE(offset, size), next: offset + size };
    case 7: {
      const map: Record<string, unknown> = Object.create(null);
      for (let entry = 0; entry < size; entry++) {
        const key = decodeValue(bytes, offset, pointerBase);
        const value = decodeValue(bytes, key.next, pointerBase);
        map[String(key.value)] = value.value;
        offset = value.next;
      }
      return { value: map, next: offset };
    }
    case 8:
      // Shorter than four bytes, an int32 is not negative (the format says so).
      return {
        value: size === 4 ? bytes.readInt32BE(offset) : size === 0 ? 0 : bytes.readUIntBE(offset, size),
        next: offset + size,
      };
    case 9:
    case 10: {
      let value = 0n;
      for (let index = 0; index < size; index++) value = (value << 8n) | BigInt(bytes[offset + index]!);
      return { value, next: offset + size };
    }
    case 11: {
      const array: unknown[] = [];
      for (let index = 0; index < size; index++) {
        const item = decodeValue(bytes, offset, pointerBase);
        array.push(item.value);
        offset = item.next;
      }
      return { value: array, next: offset };
    }
    case 14:
      return { value: size !== 0, next: offset };
    case 15:
      return { value: bytes.readFloatBE(offset), next: offset + 4 };
    default:
      throw new Error(`unsupported MaxMind DB data type ${type}`);
  }
}
