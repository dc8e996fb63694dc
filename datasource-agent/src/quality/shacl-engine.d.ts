/** The part of shacl-engine (no types of its own) that validate.ts uses. */
declare module 'shacl-engine' {
  import type { DatasetCore } from '@rdfjs/types';
  export class Validator {
    constructor(shapes: DatasetCore, options: { factory: unknown; coverage?: boolean; debug?: boolean; details?: boolean; trace?: boolean });
    validate(data: { dataset: DatasetCore; terms?: unknown[] }, shapes?: unknown[]): Promise<{ conforms: boolean; results: unknown[] }>;
  }
}
