import { type IncomingMessage, ServerResponse } from 'node:http';

/** The parts of Node's `OutgoingMessage` internals this reads (`node:_http_outgoing`; not in Node's types). */
type OutgoingInternals = {
  _header: string | null;
  _headerSent: boolean;
  _send(data: unknown, encoding: unknown, callback: unknown, byteLength?: number): boolean;
  _writeRaw(data: unknown, encoding: unknown, callback: unknown, byteLength?: number): boolean;
};

const outgoing = Object.getPrototypeOf(ServerResponse.prototype) as Partial<OutgoingInternals>;
const nodeSend = outgoing._send;

/**
 * Byte bodies up to this size are copied behind the head: the small answers that gained (decision 037), in a buffer
 * from Node's pool. Larger ones (pages) keep Node's two chunks; side by side they showed no difference.
 */
export const joinedBodyLimit = 4 * 1024;

/**
 * Node sends a string body in one write with its head, but a byte body (a compressed answer, a kept one) as a second
 * chunk of a corked socket, so both go out through `writev` (decision 037). This copies a byte body of up to 4 KB
 * behind the head and hands Node one buffer, with the bytes Node would send. Use it through `chooseServerResponse`.
 */
export class JoinedHeadResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  _send(data: unknown, encoding: unknown, callback: unknown, byteLength?: number): boolean {
    const self = this as unknown as OutgoingInternals;
    const head = self._header;
    if (
      self._headerSent ||
      typeof head !== 'string' ||
      !(data instanceof Uint8Array) ||
      data.length > joinedBodyLimit
    ) {
      // Node calls `_send` only where it has one, so `nodeSend` is there whenever this runs.
      return nodeSend!.call(this, data, encoding, callback, byteLength);
    }
    // Node writes a head as latin1, one byte a character (it refuses header characters above 0xFF).
    const joined = Buffer.allocUnsafe(head.length + data.length);
    joined.write(head, 0, 'latin1');
    joined.set(data, head.length);
    self._headerSent = true;
    return self._writeRaw(joined, null, callback);
  }
}

/** `JoinedHeadResponse` where this Node has the internals it overrides and calls, else Node's own class. */
export function chooseServerResponse(): typeof ServerResponse {
  const usable = typeof nodeSend === 'function' && typeof outgoing._writeRaw === 'function';
  return usable ? JoinedHeadResponse : ServerResponse;
}
