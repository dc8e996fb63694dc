import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'amqplib';
import { freePort } from '../src/database/embedded-postgres';
import { stopProcess } from './harness';
import { until } from './waiting';

const SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';

export interface RabbitNode {
  url: string;
  /** Starts the node (again: same data folder, ports and name, so durable queues and persistent messages survive). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the node and its epmd, and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Debian's rabbitmq-server as a node of its own: free ports, a unique node name, data, logs and the
 * Erlang cookie (HOME) in a temp folder, and its own epmd port so it never meets another node.
 */
export async function rabbitNode(): Promise<RabbitNode> {
  const dir = await mkdtemp(join(tmpdir(), 'datahub-rabbitmq-'));
  const [nodePort, distPort, epmdPort] = [await freePort(), await freePort(), await freePort()];
  const home = join(dir, 'home');
  await mkdir(home);
  await writeFile(join(dir, 'enabled_plugins'), '[].\n');
  await writeFile(join(dir, 'rabbitmq-env.conf'), '');
  await writeFile(join(dir, 'rabbitmq.conf'), 'listeners.tcp.default = 127.0.0.1:' + nodePort + '\nloopback_users.guest = true\n');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    RABBITMQ_NODENAME: `datahub-${randomBytes(4).toString('hex')}@localhost`,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(nodePort),
    RABBITMQ_DIST_PORT: String(distPort),
    ERL_EPMD_PORT: String(epmdPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_CONF_ENV_FILE: join(dir, 'rabbitmq-env.conf'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_PLUGINS_EXPAND_DIR: join(dir, 'plugins-expand'),
    RABBITMQ_PID_FILE: join(dir, 'rabbit.pid'),
  };
  const url = `amqp://guest:guest@127.0.0.1:${nodePort}`;
  let server: ChildProcess | null = null;
  const node: RabbitNode = {
    url,
    async start() {
      server = spawn(SERVER, [], { env, stdio: 'ignore', detached: true });
      await until(async () => {
        if (server?.exitCode !== null) throw new Error(`rabbitmq-server exited (${server?.exitCode}); logs in ${env.RABBITMQ_LOG_BASE}`);
        const connection = await connect(url, { timeout: 1000 }).catch(() => null);
        await connection?.close();
        return connection ? true : undefined;
      }, 'RabbitMQ to accept connections');
    },
    async stop() {
      // The script's process group: the shell and the Erlang VM it started.
      if (server?.pid && server.exitCode === null) {
        try {
          process.kill(-server.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      await stopProcess(server);
      await until(async () => ((await connect(url, { timeout: 500 }).then((c) => c.close().then(() => false), () => true)) ? true : undefined), 'RabbitMQ to stop');
      server = null;
    },
    async close() {
      await node.stop();
      spawnSync('epmd', ['-kill'], { env: { ...env, ERL_EPMD_PORT: String(epmdPort) }, stdio: 'ignore' });
      await rm(dir, { recursive: true, force: true });
    },
  };
  return node;
}
