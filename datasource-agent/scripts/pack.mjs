#!/usr/bin/env node
// Builds the installable reference data source that the hub serves at
// /api/datasource-agent/package.tgz (cloud-init runs `npm install --global` on it).
// The workspace libraries (@datahub/*) are not published, so they are bundled in; the packages
// from the npm registry stay ordinary dependencies, pinned to the versions tested here.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(here, 'package.json'));
const agentPackage = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = ['oxigraph', 'n3', 'sparqljs', 'jsonwebtoken', 'yaml', 'ws', 'shacl-engine'];
const workDir = join(here, 'package-dist', 'work');
const outFile = join(here, 'package-dist', 'datasource-agent.tgz');
const sparqlMain = require.resolve('@datahub/sparql');

function installedVersion(name) {
  // Resolved the way the agent's own code resolves it (through @datahub/sparql where needed).
  const fromSparql = createRequire(sparqlMain);
  for (const resolver of [require, fromSparql]) {
    try {
      return JSON.parse(readFileSync(resolver.resolve(`${name}/package.json`), 'utf8')).version;
    } catch {
      // try the next resolver
    }
  }
  throw new Error(`pack: cannot find the installed version of ${name}`);
}

rmSync(join(here, 'package-dist'), { recursive: true, force: true });
mkdirSync(join(workDir, 'dist'), { recursive: true });

const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', external, logLevel: 'warning', legalComments: 'none' };
await build({ ...common, entryPoints: [join(here, 'src', 'cli.ts')], outfile: join(workDir, 'dist', 'cli.js') });
// The SPARQL engine starts worker.js next to its own file: in the bundle, next to cli.js.
await build({ ...common, entryPoints: [join(dirname(sparqlMain), 'worker.js')], outfile: join(workDir, 'dist', 'worker.js') });
// The store loader's worker (store mode), found next to cli.js as well.
await build({ ...common, entryPoints: [join(here, 'src', 'store', 'load-worker.ts')], outfile: join(workDir, 'dist', 'load-worker.js') });
// The quality check's worker (issue 36) next to cli.js, and the shapes it applies at ../shapes.
await build({ ...common, entryPoints: [join(here, 'src', 'quality', 'quality-worker.ts')], outfile: join(workDir, 'dist', 'quality-worker.js') });
cpSync(join(here, 'shapes'), join(workDir, 'shapes'), { recursive: true });

writeFileSync(
  join(workDir, 'package.json'),
  `${JSON.stringify(
    {
      name: 'datahub-datasource-agent',
      version: agentPackage.version,
      description: agentPackage.description,
      license: 'UNLICENSED',
      bin: { 'datasource-agent': 'dist/cli.js' },
      engines: { node: '>=20.19' },
      dependencies: Object.fromEntries(external.map((name) => [name, installedVersion(name)])),
    },
    null,
    2,
  )}\n`,
);
copyFileSync(join(here, 'README.md'), join(workDir, 'README.md'));

const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', join(here, 'package-dist')], { cwd: workDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
renameSync(join(here, 'package-dist', JSON.parse(packed)[0].filename), outFile);
rmSync(workDir, { recursive: true, force: true });
console.log(`datasource-agent package: ${outFile}`);
