/** `datasets.yaml` (or `.yml`, `datasets.json`): `{ file, dataset_id?, name, about, contact, additional_info }[]`, bare or under `datasets`. */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const CATALOGUE_FILES = ['datasets.yaml', 'datasets.yml', 'datasets.json'] as const;

export interface DatasetMetadata {
  name: string;
  about: string;
  contact: string;
  additional_info: string;
}

export interface CatalogueEntry extends DatasetMetadata {
  file: string;
  dataset_id?: string;
}

export interface Catalogue {
  source?: string;
  entries: CatalogueEntry[];
  problems: string[];
}

const DATASET_ID = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;

/** Directly in the folder (no directories, no hidden files); tables go through tables/. */
export function isDatasetFileName(file: string): boolean {
  return /.\.(ttl|csv|xlsx)$/i.test(file) && !file.startsWith('.') && path.basename(file) === file;
}

function isValidDatasetId(id: string): boolean {
  return DATASET_ID.test(id);
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : String(value);
}

export function parseCatalogue(content: string, source: string): Catalogue {
  const problems: string[] = [];
  let document: unknown;
  try {
    document = source.endsWith('.json') ? JSON.parse(content) : YAML.parse(content);
  } catch (error) {
    throw new Error(`${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const list = Array.isArray(document) ? document : (document as { datasets?: unknown } | null)?.datasets;
  if (document === null || document === undefined) return { source, entries: [], problems };
  if (!Array.isArray(list)) throw new Error(`${source}: expected a list of datasets or { datasets: [...] }`);
  const entries: CatalogueEntry[] = [];
  const files = new Set<string>();
  const ids = new Set<string>();
  list.forEach((raw, index) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const where = `${source} entry ${index + 1}`;
    const file = text(item.file);
    if (!isDatasetFileName(file)) return problems.push(`${where}: "file" must be a .ttl, .csv or .xlsx file name in the data folder`);
    if (files.has(file)) return problems.push(`${where}: ${file} is listed twice`);
    const name = text(item.name) || file.replace(/\.(ttl|csv|xlsx)$/i, '');
    const datasetId = item.dataset_id === undefined || item.dataset_id === null ? undefined : text(item.dataset_id);
    if (datasetId !== undefined && !isValidDatasetId(datasetId)) {
      return problems.push(`${where}: dataset_id must be letters, digits, '.', '_', '~' or '-'`);
    }
    if (datasetId !== undefined && ids.has(datasetId)) return problems.push(`${where}: dataset_id ${datasetId} is used twice`);
    files.add(file);
    if (datasetId) ids.add(datasetId);
    entries.push({
      file,
      ...(datasetId ? { dataset_id: datasetId } : {}),
      name,
      about: text(item.about),
      contact: text(item.contact),
      additional_info: text(item.additional_info),
    });
    return undefined;
  });
  return { source, entries, problems };
}

export async function readCatalogue(dir: string): Promise<Catalogue> {
  for (const name of CATALOGUE_FILES) {
    const file = path.join(dir, name);
    if (existsSync(file)) return parseCatalogue(await readFile(file, 'utf8'), name);
  }
  return { entries: [], problems: [] };
}

export function sameMetadata(a: DatasetMetadata, b: DatasetMetadata): boolean {
  return a.name === b.name && a.about === b.about && a.contact === b.contact && a.additional_info === b.additional_info;
}
