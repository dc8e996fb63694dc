import { chmod, readFile, writeFile } from 'node:fs/promises';

export interface DatasourceCredentials {
  datasourceId: string;
  secret: string;
  hostname?: string;
  name?: string;
}

export async function readCredentials(file: string): Promise<DatasourceCredentials> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read credentials file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseCredentials(parsed, file);
}

export function parseCredentials(parsed: unknown, source = 'credentials'): DatasourceCredentials {
  const root = (parsed ?? {}) as Record<string, unknown>;
  const inner = (root.credentials ?? {}) as Record<string, unknown>;
  const datasourceId = inner.datasource_id ?? root.datasource_id;
  const secret = inner.secret;
  if (typeof datasourceId !== 'string' || datasourceId.trim() === '') {
    throw new Error(`${source}: credentials.datasource_id is missing`);
  }
  if (typeof secret !== 'string' || secret.length < 16) {
    throw new Error(`${source}: credentials.secret is missing or too short`);
  }
  const hostname = typeof root.hostname === 'string' && root.hostname.trim() !== '' ? root.hostname.trim() : undefined;
  const name = typeof root.name === 'string' ? root.name : undefined;
  return { datasourceId: datasourceId.trim(), secret, ...(hostname ? { hostname } : {}), ...(name ? { name } : {}) };
}

export const KEY_VARIABLE = 'DATAHUB_SLEUTEL';

/** `DATAHUB_SLEUTEL=<id>:<secret>` from the start line: an environment variable, not an argument, so other users' `ps` never shows it. */
export function parseKey(value: string): DatasourceCredentials {
  const at = value.indexOf(':');
  return parseCredentials({ credentials: { datasource_id: at > 0 ? value.slice(0, at) : '', secret: at > 0 ? value.slice(at + 1).trim() : '' } }, KEY_VARIABLE);
}

/** The credentials file as the hub's answer would have it; only its owner may read it. */
export async function writeCredentialsFile(file: string, credentials: DatasourceCredentials): Promise<void> {
  const body = { datasource_id: credentials.datasourceId, credentials: { datasource_id: credentials.datasourceId, secret: credentials.secret } };
  await writeFile(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  // An existing file keeps its mode on write: make it the owner's alone as well.
  await chmod(file, 0o600);
}
