// Kept in the store itself: a restart finds the same hash and loads nothing. Dropped before a load and written after, so an
// interrupted load is redone.
import { Parser, Writer, DataFactory } from 'n3';
import type { StoreClient } from './store-client';
import { stateGraph } from './store-graphs';

export interface LoadRecord {
  sha256: string;
  triples: number;
  graphs: string[];
}

const NS = 'urn:datahub:agent#';
const { namedNode, literal, quad } = DataFactory;
const XSD_INTEGER = namedNode('http://www.w3.org/2001/XMLSchema#integer');

export async function readRecord(client: StoreClient, datasetId: string): Promise<LoadRecord | undefined> {
  const response = await client.read(stateGraph(datasetId));
  if (!response) return undefined;
  const quads = new Parser({ format: 'N-Triples' }).parse(await response.text());
  const value = (name: string) => quads.filter((q) => q.predicate.value === NS + name).map((q) => q.object.value);
  const [sha256] = value('sha256');
  const [triples] = value('triples');
  if (!sha256 || triples === undefined) return undefined;
  return { sha256, triples: Number(triples), graphs: value('graph').sort() };
}

export async function writeRecord(client: StoreClient, datasetId: string, record: LoadRecord): Promise<void> {
  const subject = namedNode(stateGraph(datasetId));
  const quads = [
    quad(subject, namedNode(`${NS}sha256`), literal(record.sha256)),
    quad(subject, namedNode(`${NS}triples`), literal(String(record.triples), XSD_INTEGER)),
    ...record.graphs.map((graph) => quad(subject, namedNode(`${NS}graph`), namedNode(graph))),
  ];
  await client.write(stateGraph(datasetId), new Writer({ format: 'N-Triples' }).quadsToString(quads), true);
}

export async function dropRecord(client: StoreClient, datasetId: string): Promise<void> {
  await client.drop(stateGraph(datasetId));
}
