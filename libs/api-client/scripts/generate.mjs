#!/usr/bin/env node
// Writes the contract: nest-api's OpenAPI document (built without a server or database) and the
// TypeScript types generated from it. With --check, writes nothing and fails when either
// committed file differs from what nest-api now declares (so `npm test` catches a stale client).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const check = process.argv.includes('--check');
const targets = { document: join(here, 'openapi.json'), schema: join(here, 'src', 'schema.ts') };

const { buildOfflineOpenApiDocument, stableJson } = require(resolve(here, '..', '..', 'nest-api', 'dist', 'openapi', 'offline-document.js'));
const document = stableJson(await buildOfflineOpenApiDocument());

const scratch = mkdtempSync(join(tmpdir(), 'api-client-'));
try {
  const documentFile = join(scratch, 'openapi.json');
  const schemaFile = join(scratch, 'schema.ts');
  writeFileSync(documentFile, document);
  const cli = join(dirname(require.resolve('openapi-typescript')), '..', 'bin', 'cli.js');
  execFileSync(process.execPath, [cli, documentFile, '--output', schemaFile, '--export-type', '--root-types', '--root-types-no-schema-prefix'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const generated = { document, schema: readFileSync(schemaFile, 'utf8') };
  if (check) {
    const stale = Object.keys(targets).filter((key) => readFileSync(targets[key], 'utf8') !== generated[key]);
    if (stale.length > 0) {
      console.error(`The API client is stale (${stale.map((key) => targets[key]).join(', ')}): run 'npm run generate:api-client' and commit the result.`);
      process.exit(1);
    }
    console.log('API client matches nest-api: 1 passed, 0 failed');
  } else {
    for (const key of Object.keys(targets)) writeFileSync(targets[key], generated[key]);
    console.log(`wrote ${Object.values(targets).join(' and ')}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
