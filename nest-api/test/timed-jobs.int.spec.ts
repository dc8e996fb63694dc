import type { ChildProcess } from 'node:child_process';
import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimedJobs } from '../src/jobs/timed-jobs';
import { startTestApi, stopProcess, type TestApi } from './harness';
import { startSecondApi } from './second-api';
import { until } from './waiting';

/**
 * Timed jobs run on pg-boss once per cluster (ADR 0023), and expiry reminders are sent once
 * (ADR 0024). Two real API processes on one database, both offering every job: this file's
 * in-process API (A) and a second nest-api started from dist (B). Intervals are short (2 s).
 */
const INTERVAL = 2;
const JOB_ENV = { DISCOVERY_INTERVAL_SECONDS: String(INTERVAL), REMINDER_INTERVAL_SECONDS: String(INTERVAL) };

let api: TestApi;
let second: ChildProcess;

/** A timed job that fails its first attempt of each interval: pg-boss must retry it, once. */
@Injectable()
class FlakyJob implements OnModuleInit {
  attempts = 0;
  constructor(private readonly timedJobs: TimedJobs) {}
  onModuleInit(): void {
    this.timedJobs.register({
      name: 'flaky-test-job',
      intervalSeconds: 3600,
      retryDelaySeconds: 1,
      handler: async () => {
        this.attempts += 1;
        if (this.attempts === 1) throw new Error('first attempt fails');
      },
    });
  }
}
@Module({ providers: [FlakyJob] })
class FlakyJobModule {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dbNow = async (): Promise<Date> => (await api.db.query('SELECT now() AS now'))[0].now;

beforeAll(async () => {
  api = await startTestApi(JOB_ENV, [FlakyJobModule]);
  second = (await startSecondApi(api, { PUBLIC_URL: api.config.publicUrl, ...JOB_ENV })).child;
}, 90_000);

afterAll(async () => {
  await stopProcess(second);
  await api?.close();
});

describe('timed jobs with two API processes on one database', () => {
  it('runs each timed job once per interval, not once per process', async () => {
    // Both processes offer every job from here on.
    const from = await dbNow();
    await sleep(5 * INTERVAL * 1000);
    const to = await dbNow();
    const runs: { name: string; slot_start: Date | null; runs: number; processes: string[] }[] = await api.db.query(
      `SELECT name, slot_start, count(*)::int AS runs, array_agg(DISTINCT process) AS processes FROM timed_job_runs
       WHERE started_at BETWEEN $1 AND $2 AND name = ANY($3::text[]) GROUP BY name, slot_start`,
      [from, to, ['discovery', 'licence-sync', 'expiry-reminders']],
    );
    const slots = Math.ceil((to.getTime() - from.getTime()) / (INTERVAL * 1000)) + 1;
    for (const name of ['discovery', 'licence-sync', 'expiry-reminders']) {
      const ofJob = runs.filter((row) => row.name === name);
      // Every run belongs to its own interval; at most one interval more than elapsed (the edges).
      expect(ofJob.length, name).toBeGreaterThanOrEqual(3);
      expect(ofJob.length, name).toBeLessThanOrEqual(slots);
      for (const row of ofJob) {
        expect(row.slot_start, name).not.toBeNull();
        expect(row.runs, `${name} in ${String(row.slot_start)}`).toBe(1);
      }
    }
    // Daily jobs: once since both processes started, not once per process.
    const daily: { name: string; runs: number }[] = await api.db.query(
      `SELECT name, count(*)::int AS runs FROM timed_job_runs WHERE name = ANY($1::text[]) GROUP BY name ORDER BY name`,
      [['events-purge', 'insight-purge', 'job-runs-prune']],
    );
    expect(daily).toEqual([{ name: 'events-purge', runs: 1 }, { name: 'insight-purge', runs: 1 }, { name: 'job-runs-prune', runs: 1 }]);
  }, 60_000);

  it('sends each expiry reminder once: 14 days before a grant ends, 3 days before a token expires, the day after a grant ended', async () => {
    const grantor = await api.createOrganization({ name: `Kwekerij Herinnering ${Date.now()}` });
    const receiver = await api.createOrganization({ name: `Teler Herinnering ${Date.now()}` });
    const grantorOwner = await api.createUser({ organizationId: grantor.id, roles: ['Organization.Owner'] });
    const receiverManager = await api.createUser({ organizationId: receiver.id, roles: ['Authorisation.Contributor'] });
    const receiverMember = await api.createUser({ organizationId: receiver.id });
    const [{ id: datasourceId }] = await api.db.query(
      `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Herinneringsbron', $1, 'v1.x.y.z') RETURNING id`,
      [grantor.id],
    );
    const [{ id: datasetId }] = await api.db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, $2, 'Kasklimaat', 'online') RETURNING id`,
      [datasourceId, `kasklimaat-${Date.now()}`],
    );
    const today = `(now() AT TIME ZONE 'Europe/Amsterdam')::date`;
    await api.db.query(
      `INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation, expiration_date)
       VALUES ($1, $2, 'Dataset.ReadWater', ${today} + 14), ($1, $2, 'Dataset.ReadCrop', ${today} + 14), ($1, $3, 'Dataset.ReadAll', ${today} - 1)`,
      [datasetId, receiver.id, grantor.id],
    );
    await api.db.query(
      `INSERT INTO api_tokens (kind, secret_hash, name, scopes, organization_id, user_id, created_by_name, expires_at)
       VALUES ('personal', decode(md5(random()::text), 'hex'), 'Klimaatscript', '{data:read}', $1, $2, 'Test', now() + interval '3 days')`,
      [receiver.id, receiverMember.id],
    );
    const mailsTo = (address: string): Promise<{ subject: string; body: string }[]> =>
      api.db.query('SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY created_at', [address]);
    await until(async () => ((await mailsTo(receiverMember.email)).length > 0 ? true : undefined), 'the token reminder');
    await until(async () => ((await mailsTo(grantorOwner.email)).length >= 2 ? true : undefined), 'the grant reminders');
    // Several more intervals, on both processes: nothing is sent again.
    await sleep(4 * INTERVAL * 1000);

    const toGrantor = await mailsTo(grantorOwner.email);
    expect(toGrantor.map((mail) => mail.subject).sort()).toEqual(['Machtiging voor Kasklimaat is verlopen', expect.stringMatching(/^Machtiging voor Kasklimaat verloopt op \d{1,2} [a-z]+ \d{4}$/)].sort());
    const soon = toGrantor.find((mail) => mail.subject.includes('verloopt'))!;
    expect(soon.body).toContain(`De machtiging van ${grantor.name} aan ${receiver.name} voor de dataset Kasklimaat verloopt op`);
    expect(soon.body).toContain('Categorieën: Gewassen, Water.');
    expect(soon.body).toContain(`${api.config.publicUrl}/machtigingen`);
    const toReceiver = await mailsTo(receiverManager.email);
    expect(toReceiver.map((mail) => mail.subject)).toEqual([soon.subject]);
    // The member manages no machtigingen: only the reminder of their own token.
    const toMember = await mailsTo(receiverMember.email);
    expect(toMember).toHaveLength(1);
    expect(toMember[0].subject).toMatch(/^API-token 'Klimaatscript' verloopt op \d{1,2} [a-z]+ \d{4}$/);
    expect(toMember[0].body).toContain(`${api.config.publicUrl}/profiel`);
  }, 90_000);

  it('retries a failed run with backoff, in the same interval', async () => {
    const runs = await until(async () => {
      const rows: { attempt: number; outcome: string; slot_start: Date }[] = await api.db.query(
        `SELECT attempt, outcome, slot_start FROM timed_job_runs WHERE name = 'flaky-test-job' AND outcome <> 'running' ORDER BY started_at`,
      );
      return rows.length >= 2 ? rows : undefined;
    }, 'the retry of the failed run');
    expect(runs.map((run) => [run.attempt, run.outcome])).toEqual([
      [1, 'failed'],
      [2, 'ok'],
    ]);
    expect(runs[1].slot_start).toEqual(runs[0].slot_start);
  }, 90_000);

  it('shows platform admins each job with its last run and next run', async () => {
    const admin = await api.createUser({ organizationId: (await api.db.query('SELECT id FROM organizations WHERE is_admin'))[0].id, roles: ['AdminOrganization.Owner'] });
    const member = await api.createUser({ organizationId: (await api.createOrganization()).id });
    expect((await api.request('/api/jobs', { token: member.token })).status).toBe(403);
    const response = await api.request('/api/jobs', { token: admin.token });
    expect(response.status).toBe(200);
    const jobs: { name: string; interval_seconds: number; last_outcome: string | null; next_run_at: string | null }[] = await response.json();
    expect(jobs.map((job) => job.name)).toEqual(['attempt-counters-prune', 'discovery', 'events-purge', 'expiry-reminders', 'flaky-test-job', 'idempotency-keys-prune', 'insight-purge', 'job-runs-prune', 'licence-sync']);
    for (const job of jobs.filter((job) => job.name !== 'flaky-test-job')) {
      expect(['ok', 'running'], job.name).toContain(job.last_outcome);
      expect(new Date(job.next_run_at!).getTime(), job.name).toBeGreaterThan(Date.now() - 1000);
    }
    expect(jobs.find((job) => job.name === 'discovery')!.interval_seconds).toBe(INTERVAL);
  });
});
