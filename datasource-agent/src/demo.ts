#!/usr/bin/env node
// For `npm start`: writes the demo datasets and licence list into --data DIR when missing, then runs the agent (also the demo
// application's licence server). Usage: node dist/demo.js --credentials file.json --hub URL --port N [--data DIR].
import { existsSync } from 'node:fs';
import path from 'node:path';
import { run } from './cli';
import { writeDemoLicences } from './demo-licences';
import { GREENHOUSE_FILE, writeDemoData } from './generate-greenhouse';

const args = process.argv.slice(2);
const dataIndex = args.indexOf('--data');
let dir: string;
if (dataIndex === -1) {
  dir = path.resolve('.data', 'datasource-agent', 'kwekerij-delta');
  args.push('--data', dir);
} else {
  dir = path.resolve(args[dataIndex + 1] ?? '');
}
if (!existsSync(path.join(dir, GREENHOUSE_FILE)) || !existsSync(path.join(dir, 'datasets.yaml'))) {
  const result = writeDemoData(dir);
  process.stdout.write(`demo data for Kwekerij Delta written to ${dir} (${result.files.join(', ')}; ${result.triples} generated triples)\n`);
}
if (writeDemoLicences(dir)) process.stdout.write(`demo licence list written to ${dir}\n`);
process.argv = [process.argv[0], process.argv[1], ...args];
run();
