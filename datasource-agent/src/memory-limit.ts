/** oxigraph's WebAssembly store holds at most 4 GB (≈ 13M triples crash the process): larger files are refused; store mode has no limit. */
import type { Logger } from './log';

/** ≈ 6M triples of the generated greenhouse data (≈ 44 bytes a triple). */
export const DEFAULT_MAX_IN_MEMORY_BYTES = 256 * 1024 * 1024;

export function tooLargeForMemory(bytes: number, limit = DEFAULT_MAX_IN_MEMORY_BYTES): boolean {
  return bytes > limit;
}

export function logTooLarge(log: Logger, file: string, bytes: number, limit = DEFAULT_MAX_IN_MEMORY_BYTES): void {
  log.error('dataset too large for the in-memory mode; not loaded (run the agent in store mode: --sparql-endpoint and --graph-store)', {
    file,
    size_mb: +(bytes / 1048576).toFixed(3),
    limit_mb: +(limit / 1048576).toFixed(3),
  });
}
