import { Duplex } from 'node:stream';

/** A request from the hub connection runs through the same HTTP server as over HTTP, with no port opened (node:stream's duplexPair is Node 22+). */
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
