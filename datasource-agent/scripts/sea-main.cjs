// Entry point of the single executable (Node SEA, see scripts/build-executable.mjs).
// A SEA's own script can only require built-in modules, and the agent starts worker threads from
// files next to cli.js (SPARQL engine, store loader, quality check) and oxigraph reads its wasm next
// to its code: so the bundled files, carried as SEA assets, are written to a private folder (0700,
// fresh for each run, removed at exit) and the CLI is loaded from there like the npm package.
'use strict';
const { getAsset } = require('node:sea');
const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = require('node:fs');
const { createRequire } = require('node:module');
const { tmpdir } = require('node:os');
const { join, dirname } = require('node:path');

const manifest = JSON.parse(getAsset('manifest.json', 'utf8'));
const root = mkdtempSync(join(tmpdir(), 'datahub-databron-'));
process.on('exit', () => rmSync(root, { recursive: true, force: true }));
for (const file of manifest.files) {
  const target = join(root, ...file.split('/'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, new Uint8Array(getAsset(file)), { mode: 0o600 });
}
const cli = join(root, 'dist', 'cli.js');
createRequire(cli)(cli).run();
