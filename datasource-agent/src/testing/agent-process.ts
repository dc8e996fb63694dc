import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { signHubToken } from '../tokens';
import { eventually } from './fake-hub';
import { TEST_SECRET } from './fixtures';

const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli.js');

export interface AgentProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

export async function spawnAgent(args: string[]): Promise<AgentProcess> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'debug' } });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = () => {
    if (child.exitCode !== null) throw new Error(`the agent exited (${child.exitCode}):\n${output}`);
  };
  const url = await eventually(() => {
    exited();
    return /listening url=(\S+)/.exec(output)?.[1];
  }, 60_000, 'the agent to listen');
  await eventually(async () => {
    exited();
    const health = (await (await fetch(url)).json()) as { ready?: boolean };
    return health.ready;
  }, 60_000, 'the agent to load its datasets');
  return {
    url,
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

export const token = (datasetId: string, scopes: string[], extra: { sub?: string; now?: number } = {}) =>
  signHubToken(TEST_SECRET, { datasetId, sub: extra.sub ?? 'kassenbouw-west', scopes, ...(extra.now ? { now: extra.now } : {}) });

export async function get(url: string, bearer?: string): Promise<{ status: number; body: string; type: string }> {
  const response = await fetch(url, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') ?? '' };
}
