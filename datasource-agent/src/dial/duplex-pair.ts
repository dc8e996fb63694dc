import { Duplex } from 'node:stream';

/**
 * Two connected in-memory streams: what is written to one is read from the other. The HTTP server
 * takes one end as a connection, the HTTP client the other, so a request that arrived over the hub
 * connection runs through exactly the server that answers the hub over HTTP, with no port opened.
 * (node:stream's duplexPair arrives in Node 22.)
 */
export function duplexPair(): [Duplex, Duplex] {
  const ends: { left?: Duplex; right?: Duplex } = {};
  const make = (peer: () => Duplex) =>
    new Duplex({
      read() {
        // Written pieces are pushed straight to the peer; its back-pressure is the write callback below.
      },
      write(chunk: Buffer, _encoding, callback) {
        const other = peer();
        if (other.destroyed) return callback(new Error('the other end is closed'));
        if (other.push(chunk)) callback();
        else (other as Duplex & { waiting?: () => void }).waiting = callback;
      },
      final(callback) {
        peer().push(null);
        callback();
      },
      destroy(error, callback) {
        const other = peer();
        if (!other.destroyed) other.destroy();
        callback(error);
      },
    });
  const left = make(() => ends.right!);
  const right = make(() => ends.left!);
  ends.left = left;
  ends.right = right;
  // A reader asking for more releases a writer that waited for it.
  for (const side of [left, right]) {
    const original = side._read.bind(side);
    side._read = (size: number) => {
      const waiting = (side as Duplex & { waiting?: () => void }).waiting;
      (side as Duplex & { waiting?: () => void }).waiting = undefined;
      waiting?.();
      original(size);
    };
  }
  return [left, right];
}
