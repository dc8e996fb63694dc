/**
 * oxigraph inside a worker, with a handle on its WebAssembly memory (oxigraph does not export it):
 * that memory only grows and never shrinks, so its size tells the engine how much a query left
 * behind in the worker (ADR 0039). Taken when the module is instantiated, then left alone.
 */
import type * as Oxigraph from 'oxigraph';

/** The part of the WebAssembly API used here (this package compiles without the DOM library). */
interface WasmInstance {
  exports: Record<string, unknown>;
}
type InstanceConstructor = new (module: unknown, imports?: unknown) => WasmInstance;
interface WasmApi {
  Instance: InstanceConstructor;
  Memory: abstract new (...args: never[]) => { buffer: ArrayBuffer };
}

let memory: { buffer: ArrayBuffer } | undefined;

/** Requires oxigraph once, keeping the memory of the instance it creates. */
export function loadOxigraph(): typeof Oxigraph {
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  const Original = wasm.Instance;
  function Capturing(module: unknown, imports?: unknown): WasmInstance {
    const instance = new Original(module, imports);
    const exported = instance.exports.memory;
    if (exported instanceof wasm.Memory) memory = exported;
    return instance;
  }
  Capturing.prototype = Original.prototype;
  wasm.Instance = Capturing as unknown as InstanceConstructor;
  try {
    return require('oxigraph') as typeof Oxigraph;
  } finally {
    wasm.Instance = Original;
  }
}

/** Bytes of oxigraph's WebAssembly memory now (0 before oxigraph is loaded). */
export function wasmBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}
