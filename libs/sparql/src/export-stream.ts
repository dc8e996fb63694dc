import { Readable } from 'node:stream';
import type { QueryOutput } from './worker-protocol';

/** Resolves once the first piece (or the end) arrived, so a failure before that rejects instead of breaking a started answer. */
export async function streamedExport(start: (onChunk: (chunk: string) => void) => Promise<QueryOutput>): Promise<Readable> {
  const stream = new Readable({ read() {} });
  let started: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (started = resolve));
  const done = start((chunk) => {
    started();
    stream.push(chunk, 'utf8');
  });
  done.then(
    () => {
      started();
      stream.push(null);
    },
    (error: Error) => stream.destroy(error),
  );
  await Promise.race([first, done]);
  return stream;
}
