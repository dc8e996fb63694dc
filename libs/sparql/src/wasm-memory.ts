/** oxigraph does not export its WebAssembly memory, which only grows: its size tells what a query left behind (ADR 0039). */
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

export function wasmBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}
