// The two-by-two cluster for bench:cluster: the `npm start` stack plus a second nest-api and portal on the same PostgreSQL
// and secrets, with a real haproxy (round robin, no sticky sessions) in front of the two portals.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ADMIN_EMAIL, freePort } from "nest-api/tooling";
import { NEST_API_DIR, NEST_API_MAIN, PORTAL_DIR, stopChild, waitForHealth } from "./bench-support";
import { DEMO_PASSWORD, startStack, type Stack } from "./mixed-stack";

const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";

export async function startClusterStack(
  extraEnv: Record<string, string> = {}
): Promise<Stack> {
  const dir = await mkdtemp(join(tmpdir(), "datahub-bench-cluster-"));
  const [balancerPort, api2Port, portal2Port] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const balancer = `http://127.0.0.1:${balancerPort}`;
  // Equal on every process: sessions and anti-forgery tokens made by one are accepted by the other.
  const shared = {
    JWT_SECRET: randomBytes(48).toString("base64url"),
    CSRF_SECRET: randomBytes(48).toString("base64url"),
    PUBLIC_URL: balancer,
    LOG_LEVEL: "warn",
  };
  const first = await startStack({ ...extraEnv, ...shared });
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await first.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const api2 = `http://127.0.0.1:${api2Port}`;
    const env = { ...process.env, ...extraEnv, ...shared };
    children.push(
      spawn(process.execPath, [NEST_API_MAIN], {
        cwd: NEST_API_DIR,
        env: {
          ...env,
          DATABASE_URL: first.databaseUrl,
          PORT: String(api2Port),
          DATA_DIR: join(dir, "data"),
          DEMO_SEED: "false",
          ADMIN_EMAIL: DEMO_ADMIN_EMAIL,
          ADMIN_PASSWORD: DEMO_PASSWORD,
          PRIVATE_HOSTS_ALLOWED: first.agent,
          // The demo seed (API 1 only) also means no two-step duty for admins: equal here, or API 2 sends them to sign in again.
          REQUIRE_2FA_FOR_ADMINS: "false",
        },
        stdio: ["ignore", "ignore", "inherit"],
      })
    );
    await waitForHealth(`${api2}/api/health`, 120_000);
    children.push(
      spawn(process.execPath, ["server.js"], {
        cwd: PORTAL_DIR,
        env: {
          ...env,
          PORT: String(portal2Port),
          API_URL: api2,
          NODE_ENV: "production",
        },
        stdio: ["ignore", "ignore", "inherit"],
      })
    );
    await waitForHealth(`http://127.0.0.1:${portal2Port}/inloggen`, 120_000);
    const config = join(dir, "haproxy.cfg");
    await writeFile(
      config,
      [
        "defaults",
        "    mode http",
        "    timeout connect 5s",
        "    timeout client 60s",
        "    timeout server 60s",
        "frontend portal",
        `    bind 127.0.0.1:${balancerPort}`,
        "    option forwardfor",
        "    default_backend portals",
        "backend portals",
        "    balance roundrobin",
        `    server portal-1 ${new URL(first.portal).host}`,
        `    server portal-2 127.0.0.1:${portal2Port}`,
        "",
      ].join("\n")
    );
    children.push(
      spawn(HAPROXY, ["-db", "-f", config], {
        stdio: ["ignore", "ignore", "inherit"],
      })
    );
    await waitForHealth(`${balancer}/inloggen`, 30_000);
    return {
      portal: balancer,
      api: first.api,
      databaseUrl: first.databaseUrl,
      agent: first.agent,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
