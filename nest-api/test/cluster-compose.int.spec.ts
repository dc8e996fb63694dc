import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Issue 34 item 8: docker-compose.yml runs two API processes and two portals behind a balancer
 * (compose cannot run on the CI machines, so its files are checked here). Both copies must get the
 * same secrets, or tokens, CSRF tokens, kept forms and sealed secrets of one are refused by the other.
 */

const ROOT = resolve(__dirname, '..', '..');
const compose = parse(readFileSync(resolve(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, { environment?: Record<string, unknown>; volumes?: string[]; ports?: string[] }>;
};
const haproxy = readFileSync(resolve(ROOT, 'deploy', 'haproxy.cfg'), 'utf8');

/** The `server <name> <host>:<port>` lines of one haproxy backend. */
function backendServers(backend: string): string[] {
  const section = haproxy.split(/^(?=\S)/m).find((block) => block.startsWith(`backend ${backend}`)) ?? '';
  return [...section.matchAll(/^\s+server\s+\S+\s+([\w.-]+:\d+)/gm)].map((match) => match[1]);
}

describe('docker-compose.yml: two API processes and two portals behind one balancer', () => {
  it('the balancer sends to both APIs and both portals, round robin and without sticky sessions', () => {
    expect(backendServers('apis')).toEqual(['nest-api:3001', 'nest-api-2:3001']);
    expect(backendServers('portals')).toEqual(['remix-app:3000', 'remix-app-2:3000']);
    for (const backend of ['apis', 'portals']) {
      const section = haproxy.split(/^(?=\S)/m).find((block) => block.startsWith(`backend ${backend}`))!;
      expect(section).toMatch(/^\s+balance roundrobin$/m);
      expect(section).toMatch(/option httpchk GET \//);
    }
    expect(haproxy).not.toMatch(/^\s*(cookie|stick|balance source)/m);
    const balancer = compose.services.balancer;
    expect(balancer.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(balancer.ports).toEqual(expect.arrayContaining(['3000:3000', '3001:3001']));
    // Only the balancer is reachable from the host: no way around it to one process.
    expect(compose.services['remix-app'].ports).toBeUndefined();
  });

  it('both copies of each get the same secrets and limits', () => {
    const [api1, api2] = [compose.services['nest-api'].environment!, compose.services['nest-api-2'].environment!];
    const [portal1, portal2] = [compose.services['remix-app'].environment!, compose.services['remix-app-2'].environment!];
    expect(api2).toEqual(api1);
    expect(portal2).toEqual(portal1);
    for (const name of ['JWT_SECRET', 'CSRF_SECRET', 'DATABASE_URL']) expect(api1[name], name).toBeTruthy();
    // One CSRF_SECRET for all: the portal checks the CSRF tokens and opens the kept forms nest-api's secret also signs.
    expect(portal1.CSRF_SECRET).toBe(api1.CSRF_SECRET);
    expect(portal1.API_URL).toBe('http://balancer:3001');
  });
});
