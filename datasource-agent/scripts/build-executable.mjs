#!/usr/bin/env node
// Builds the reference data source as ONE executable for this machine's platform (issue 35 item 4,
// ADR 0048): Node's own Single Executable Applications. The agent and every dependency are bundled
// with esbuild into CommonJS files, carried as SEA assets with oxigraph's wasm and the quality shapes,
// and injected with postject into a copy of the `node` binary running this script: no download.
//   node scripts/build-executable.mjs [--out FILE]   (default dist-bin/datahub-databron-<platform>-<arch>)
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(here, 'package.json'));
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const platform = process.platform === 'win32' ? 'windows' : process.platform === 'darwin' ? 'macos' : process.platform;
const outFile = resolve(values.out ?? join(here, 'dist-bin', `datahub-databron-${platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`));
const workDir = `${outFile}.work`;
const tree = join(workDir, 'tree');

rmSync(workDir, { recursive: true, force: true });
mkdirSync(join(tree, 'dist'), { recursive: true });

// Everything bundled (no externals): the executable has no node_modules beside it.
const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning', legalComments: 'none' };
const sparqlMain = require.resolve('@datahub/sparql');
await Promise.all([
  build({ ...common, entryPoints: [join(here, 'src', 'cli.ts')], outfile: join(tree, 'dist', 'cli.js') }),
  build({ ...common, entryPoints: [join(dirname(sparqlMain), 'worker.js')], outfile: join(tree, 'dist', 'worker.js') }),
  build({ ...common, entryPoints: [join(here, 'src', 'store', 'load-worker.ts')], outfile: join(tree, 'dist', 'load-worker.js') }),
  build({ ...common, entryPoints: [join(here, 'src', 'quality', 'quality-worker.ts')], outfile: join(tree, 'dist', 'quality-worker.js') }),
]);
// oxigraph (bundled into each file above) reads node_bg.wasm from its own directory: dist/.
const oxigraphMain = createRequire(sparqlMain).resolve('oxigraph');
copyFileSync(join(dirname(oxigraphMain), 'node_bg.wasm'), join(tree, 'dist', 'node_bg.wasm'));
cpSync(join(here, 'shapes'), join(tree, 'shapes'), { recursive: true });

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}
const files = listFiles(tree).map((file) => relative(tree, file).split('\\').join('/'));
writeFileSync(join(workDir, 'manifest.json'), JSON.stringify({ files }));
const assets = Object.fromEntries([['manifest.json', join(workDir, 'manifest.json')], ...files.map((file) => [file, join(tree, file)])]);
const blob = join(workDir, 'sea-prep.blob');
writeFileSync(
  join(workDir, 'sea-config.json'),
  JSON.stringify({ main: join(here, 'scripts', 'sea-main.cjs'), output: blob, disableExperimentalSEAWarning: true, assets }),
);
execFileSync(process.execPath, ['--experimental-sea-config', join(workDir, 'sea-config.json')], { stdio: ['ignore', 'ignore', 'inherit'] });

// A copy of this very node binary (no download: the executable runs the Node version it was built with).
const binary = join(workDir, 'node');
copyFileSync(process.execPath, binary);
chmodSync(binary, 0o755);
const postject = join(dirname(require.resolve('postject/package.json')), 'dist', 'cli.js');
execFileSync(
  process.execPath,
  [postject, binary, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2', ...(process.platform === 'darwin' ? ['--macho-segment-name', 'NODE_SEA'] : [])],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
mkdirSync(dirname(outFile), { recursive: true });
rmSync(outFile, { force: true });
copyFileSync(binary, outFile);
chmodSync(outFile, 0o755);
rmSync(workDir, { recursive: true, force: true });
console.log(`datasource-agent executable: ${outFile} (${Math.round(statSync(outFile).size / 1e6)} MB)`);
