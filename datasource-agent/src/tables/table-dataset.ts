// A missing mapping is suggested and written, so the grower can correct it on the local page.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Writer } from 'n3';
import { readMapping } from './csvw';
import type { ConversionReport } from './convert';
import { convertTableFile, mappingFileName, tableToNTriples } from './read';
import { suggestMapping } from './suggest';
import type { Logger } from '../log';
import { DEFAULT_MAX_IN_MEMORY_BYTES } from '../memory-limit';

export { isTableFileName } from './read';

const TURTLE_PREFIXES = {
  sosa: 'http://www.w3.org/ns/sosa/',
  cgo: 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};

export async function tableSignature(dir: string, file: string, table: { size: number; mtimeMs: number }): Promise<{ size: number; mtimeMs: number }> {
  const mapping = await stat(path.join(dir, mappingFileName(file))).catch(() => undefined);
  return { size: table.size + (mapping?.size ?? 0), mtimeMs: Math.max(table.mtimeMs, mapping?.mtimeMs ?? 0) };
}

export async function tableHash(dir: string, file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path.join(dir, file))) hash.update(chunk as Buffer);
  hash.update('\0');
  hash.update(await readFile(path.join(dir, mappingFileName(file))).catch(() => Buffer.alloc(0)));
  return hash.digest('hex');
}

/** Before the signature is taken, so writing it does not look like a change; failures are left for the load to report. */
export async function ensureTableMapping(dir: string, file: string, log: Logger): Promise<void> {
  const mappingPath = path.join(dir, mappingFileName(file));
  if (await stat(mappingPath).then(() => true, () => false)) return;
  try {
    const { mapping } = await suggestMapping(path.join(dir, file), file);
    // 'wx': never overwrite a mapping the grower wrote meanwhile.
    await writeFile(mappingPath, `${JSON.stringify(mapping, null, 2)}\n`, { flag: 'wx' });
    log.info('no mapping for the table; wrote a suggested one to check', { file, mapping: mappingFileName(file) });
  } catch {
    // tableMapping says why when the file is loaded
  }
}

export async function tableMapping(dir: string, file: string, log: Logger) {
  await ensureTableMapping(dir, file, log);
  const mappingPath = path.join(dir, mappingFileName(file));
  let text: string;
  try {
    text = await readFile(mappingPath, 'utf8');
  } catch {
    await suggestMapping(path.join(dir, file), file);
    throw new Error(`${mappingFileName(file)} is missing`);
  }
  try {
    return readMapping(JSON.parse(text));
  } catch (error) {
    throw new Error(`${mappingFileName(file)}: ${(error as Error).message}`);
  }
}

export function tableBase(datasetId: string): string {
  return `urn:datahub:dataset:${encodeURIComponent(datasetId)}/`;
}

/** The in-memory limit was measured on Turtle at ≈ 44 bytes a triple, so a table may give as many triples as a .ttl of that size. */
export async function tableAsText(dir: string, file: string, datasetId: string, log: Logger, maxInMemoryBytes = DEFAULT_MAX_IN_MEMORY_BYTES): Promise<{ text: string; report: ConversionReport }> {
  const mapping = await tableMapping(dir, file, log);
  return tableToNTriples(path.join(dir, file), mapping, tableBase(datasetId), Math.floor(maxInMemoryBytes / 44));
}

/** Turtle (prefixes, one subject per block) is about a third of N-Triples; the file is removed after `use`. */
export async function withTableAsFile<T>(dir: string, file: string, datasetId: string, log: Logger, use: (turtle: string, size: number, report: ConversionReport) => Promise<T>): Promise<T> {
  const mapping = await tableMapping(dir, file, log);
  const folder = await mkdtemp(path.join(tmpdir(), 'datahub-table-'));
  try {
    const target = path.join(folder, `${path.basename(file)}.ttl`);
    const out = createWriteStream(target);
    const writer = new Writer(out, { format: 'Turtle', prefixes: TURTLE_PREFIXES });
    const report = await convertTableFile(path.join(dir, file), mapping, tableBase(datasetId), (q) => writer.addQuad(q));
    await new Promise<void>((resolve, reject) => writer.end((error) => (error ? reject(error) : resolve())));
    if (!out.writableFinished) await once(out, 'finish');
    return await use(target, (await stat(target)).size, report);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
