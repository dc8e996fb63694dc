// CPU time of the bench's process tree (Linux /proc) for bench:mixed --cpu: which process spends the cores per page.
// Threads (oxigraph workers, libuv pool) count in their process.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessCpu {
  pid: number;
  name: string;
  /** user + system CPU seconds since the process started */
  seconds: number;
  /** of which system (kernel) seconds */
  system: number;
  /** context switches (voluntary + involuntary) since the process started */
  switches: number;
}

const TICKS_PER_SECOND = 100;

function switches(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return [...status.matchAll(/ctxt_switches:\s+(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  } catch {
    return 0;
  }
}

function stat(pid: number): { ppid: number; seconds: number; system: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

function nameOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const program = args[0]?.split('/').pop() ?? '?';
    if (program !== 'node') return program.startsWith('postgres') ? 'postgres' : program;
    const script = args.slice(1).find((arg) => !arg.startsWith('-')) ?? '';
    const known: Record<string, string> = { 'dist/main.js': 'nest-api', 'server.js': 'portal', 'dist/demo.js': 'data source', 'dist/mixed.bench.js': 'load (bench)' };
    const short = script.split('/').slice(-2).join('/');
    return known[short] ?? known[script.split('/').pop() ?? ''] ?? `node ${short}`;
  } catch {
    return '?';
  }
}

export function processTreeCpu(root = process.pid): ProcessCpu[] {
  const parents = new Map<number, number[]>();
  const seconds = new Map<number, { seconds: number; system: number }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (!s) continue;
    seconds.set(pid, s);
    parents.set(s.ppid, [...(parents.get(s.ppid) ?? []), pid]);
  }
  const out: ProcessCpu[] = [];
  const visit = (pid: number) => {
    const s = seconds.get(pid);
    if (s) out.push({ pid, name: nameOf(pid), seconds: s.seconds, system: s.system, switches: switches(pid) });
    for (const child of parents.get(pid) ?? []) visit(child);
  };
  visit(root);
  return out;
}

// Postgres back ends are summed into one line; a process that started between the snapshots counts from zero.
export function cpuTable(before: ProcessCpu[], after: ProcessCpu[], pages: number, seconds: number): string[] {
  const start = new Map(before.map((p) => [p.pid, p]));
  const byName = new Map<string, { seconds: number; system: number; switches: number }>();
  for (const p of after) {
    const name = p.name === 'postgres' ? 'postgres (all back ends)' : `${p.name} [${p.pid}]`;
    const from = start.get(p.pid);
    const sum = byName.get(name) ?? { seconds: 0, system: 0, switches: 0 };
    sum.seconds += p.seconds - (from?.seconds ?? 0);
    sum.system += p.system - (from?.system ?? 0);
    sum.switches += p.switches - (from?.switches ?? 0);
    byName.set(name, sum);
  }
  const perPage = (n: number) => n / Math.max(1, pages);
  const lines = ['| process | CPU s | of which kernel | share of 1 core | CPU ms per page | context switches per page |', '|---|---:|---:|---:|---:|---:|'];
  const total = { seconds: 0, system: 0, switches: 0 };
  const row = (name: string, s: typeof total) =>
    `| ${name} | ${s.seconds.toFixed(1)} | ${s.system.toFixed(1)} | ${((100 * s.seconds) / seconds).toFixed(0)} % | ${(1000 * perPage(s.seconds)).toFixed(2)} | ${perPage(s.switches).toFixed(1)} |`;
  for (const [name, s] of [...byName].sort((a, b) => b[1].seconds - a[1].seconds)) {
    total.seconds += s.seconds;
    total.system += s.system;
    total.switches += s.switches;
    if (s.seconds >= 0.05) lines.push(row(name, s));
  }
  lines.push(row('all', total));
  return lines;
}
