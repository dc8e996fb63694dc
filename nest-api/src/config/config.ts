import { resolve } from 'node:path';

export interface ProviderConfig {
  clientId: string;
  clientSecret: string;
  /** OpenID issuer (Google, Microsoft) or OAuth base URL (GitHub); overridable for other deployments and tests. */
  issuer: string;
  /** GitHub only: the REST API base. */
  apiUrl?: string;
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  csrfSecret: string;
  accessTokenTtlMinutes: number;
  /** How long an API process keeps a session it read (0: read the database on every request); changes still reach it at once through NOTIFY. */
  sessionCacheSeconds: number;
  /** How long a write waits for every live API process to confirm it has seen the write's notifications. */
  sessionSyncTimeoutMs: number;
  /** Most entries of the in-memory caches (least recently used ones go first). */
  cacheEntries: { sessions: number; verifiedTokens: number; cataloguePages: number };
  admin: { email: string; password: string; organizationName: string };
  demoSeed: boolean;
  signupEnabled: boolean;
  /** Platform admins with a password must turn on two-step sign-in before anything else (REQUIRE_2FA_FOR_ADMINS; default on, off with the demo seed). */
  requireTwoFactorForAdmins: boolean;
  rateLimits: {
    loginPerAccount: number;
    loginPerAddress: number;
    windowMs: number;
    /** Failed passwords per account (every address together) per window before it refuses. */
    accountPasswordFailures: number;
    /** Failed second-step codes per account per window before it refuses. */
    accountCodeFailures: number;
  };
  trustProxy: string[];
  providers: {
    google: ProviderConfig | null;
    microsoft: (ProviderConfig & { tenant: string }) | null;
    github: ProviderConfig | null;
  };
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  smtpUrl: string | null;
  mailFrom: string;
  /** Encrypts data-source secrets at rest. */
  encryptionKey: string;
  /** Tests only (ALLOW_PRIVATE_HOSTS): let data sources, licence servers and webhooks live on any loopback or private address (and plain http). */
  allowPrivateHosts: boolean;
  /** Exact host:port entries that may be private and plain http (PRIVATE_HOSTS_ALLOWED), e.g. the demo's 127.0.0.1:3002. */
  privateHostsAllowed: string[];
  /** The same for webhook receivers (WEBHOOK_PRIVATE_HOSTS_ALLOWED, empty by default): PRIVATE_HOSTS_ALLOWED never opens an address to webhooks. */
  webhookPrivateHostsAllowed: string[];
  discoveryIntervalSeconds: number;
  /** The internal listener another API process forwards a dialling data source's requests to (HUB_RELAY_HOST/PORT), and its URL. */
  hubRelay: { host: string; port: number; url: string | null };
  /** Seconds between rounds of expiry reminders (REMINDER_INTERVAL_SECONDS); 0: off. */
  reminderIntervalSeconds: number;
  /** Bearer token that opens GET /metrics from anywhere (METRICS_TOKEN); without it only loopback callers may read it. */
  metricsToken: string | null;
  /** Set by `npm start`: where to write the demo data source's credentials for the demo agent. */
  demoCredentialsFile: string | null;
  sparql: {
    deadlineMs: number;
    /** oxigraph workers of the hub's dataset copies (each holds every copy up to replicateMb). */
    workers: number;
    /** Copies larger than this many MB of Turtle live in one worker only (memory: one copy). */
    replicateMb: number;
    /** Most SELECT rows answered; more are cut off and marked truncated. */
    maxRows: number;
    /** Most SELECT rows of a download (POST …/sparql/download); the answer-size cap still applies. */
    downloadMaxRows: number;
    /** Queries one user may have running at once. */
    perUserConcurrency: number;
    /** Memory bound of the dataset copies, in MB of Turtle; a larger dataset is queried at its data source. */
    cacheMb: number;
    cacheTtlSeconds: number;
    /** Resident memory of the API process, MB, above which running queries are stopped (503). */
    maxRssMb: number;
    /** Memory one SPARQL query may add to the API process, MB; past it the query is stopped (413) and its worker replaced. */
    queryMemoryMb: number;
    /** Largest answer to a query, MB; a larger one is refused (413). */
    maxAnswerMb: number;
    /** Queries of one organisation running at once (default: one worker fewer than SPARQL_WORKERS). */
    maxRunningPerOrganization: number;
    /** Seconds a running query's slot stays taken without its process renewing it (a crashed process's slots free up after this). */
    slotLeaseSeconds: number;
    /** Copies loaded when discovery sees their dataset online, before the first query (ADR 0031). */
    warmCopies: boolean;
    /** MB of query answers kept per dataset version, categories, formats and text (0: none). */
    resultCacheMb: number;
    /** /api/sparql fetches only the triples a simple GRAPH block matches (SPARQL_PUSH_DOWN; false: every named dataset's whole permitted part, ADR 0053). */
    pushDown: boolean;
  };
  /** Set by `npm start`: the demo data source also serves a licence list; the demo application names it. */
  demoLicenceServerUrl: string | null;
  insight: {
    /** Usage events older than this are purged daily. */
    retentionMonths: number;
    /** Most events waiting to be written; beyond it new ones are dropped (and counted). */
    queueMax: number;
    flushMs: number;
  };
  audit: {
    /** Data-read rows of the audit trail older than this are deleted (change rows are kept). */
    retentionMonths: number;
  };
  support: { email: string; board: string };
  rating: { delaySeconds: number; intervalDays: number; maxRating: number; animationMs: number };
  events: {
    /** Fallback interval of the outbox drainer (a NOTIFY wakes it at once); 0: no draining in this process at all (tests drive it). */
    drainIntervalMs: number;
    /** RabbitMQ: events go to the topic exchange datahub.events when set. */
    amqpUrl: string | null;
  };
}

/** Raised at boot when the environment is incomplete; its message says what to set. */
export class ConfigError extends Error {}

export const DEMO_PASSWORD = 'Tuinbouw-demo-2026';
export const DEMO_ADMIN_EMAIL = 'beheer@datahub.test';
const REPO_ROOT = resolve(__dirname, '..', '..', '..');

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`Set ${name} to true or false (it is '${value}').`);
}

function metricsToken(env: NodeJS.ProcessEnv): string | null {
  const value = env.METRICS_TOKEN;
  if (!value) return null;
  if (value.length < 24) throw new ConfigError('Set METRICS_TOKEN to at least 24 characters, or leave it unset (then only loopback callers may read /metrics).');
  return value;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min)
    throw new ConfigError(`Set ${name} to a whole number of at least ${min} (it is '${value}').`);
  return parsed;
}

/** A positive number (fractions allowed, e.g. a memory bound below 1 MB for tests). */
function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new ConfigError(`Set ${name} to a positive number (it is '${value}').`);
  return parsed;
}

function secret(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value || value.length < 32)
    throw new ConfigError(
      `Set ${name} to a random string of at least 32 characters (for example: openssl rand -base64 48). ` +
        '`npm start` generates one for you under .data/.',
    );
  return value;
}

function provider(env: NodeJS.ProcessEnv, prefix: string, issuer: string): ProviderConfig | null {
  const clientId = env[`${prefix}_CLIENT_ID`];
  const clientSecret = env[`${prefix}_CLIENT_SECRET`];
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret)
    throw new ConfigError(`Set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither.`);
  return { clientId, clientSecret, issuer: (env[`${prefix}_ISSUER`] || issuer).replace(/\/$/, '') };
}

/** PRIVATE_HOSTS_ALLOWED (and WEBHOOK_…): comma-separated host:port entries; a port is required so one service is opened, not a machine. */
function privateHostsAllowed(env: NodeJS.ProcessEnv, name = 'PRIVATE_HOSTS_ALLOWED'): string[] {
  const entries = (env[name] || '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  for (const entry of entries)
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry))
      throw new ConfigError(`Set ${name} to host:port entries separated by commas, such as 127.0.0.1:3002 (it has '${entry}').`);
  return entries;
}

function amqpUrl(env: NodeJS.ProcessEnv): string | null {
  const value = env.AMQP_URL;
  if (!value) return null;
  if (!/^amqps?:\/\/[^/]+/.test(value)) throw new ConfigError(`Set AMQP_URL to a RabbitMQ address such as amqp://user:password@localhost:5672 (it is not one).`);
  return value;
}

/** Said at start when ALLOW_PRIVATE_HOSTS is on: it opens every internal address to anyone who can create a data source. */
export function privateHostsWarning(config: Pick<AppConfig, 'allowPrivateHosts'>): string | null {
  return config.allowPrivateHosts
    ? 'ALLOW_PRIVATE_HOSTS=true: data sources, licence servers and webhooks may point at loopback and private addresses (SSRF). For tests only; use PRIVATE_HOSTS_ALLOWED=host:port (WEBHOOK_PRIVATE_HOSTS_ALLOWED for webhooks) instead.'
    : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const demoSeed = bool(env, 'DEMO_SEED', true);
  const adminEmail = env.ADMIN_EMAIL || (demoSeed ? DEMO_ADMIN_EMAIL : '');
  const adminPassword = env.ADMIN_PASSWORD || (demoSeed ? DEMO_PASSWORD : '');
  if (!adminEmail || !adminPassword)
    throw new ConfigError(
      'Set ADMIN_EMAIL and ADMIN_PASSWORD: they create the admin organisation and its first owner (with DEMO_SEED=false there is no default).',
    );
  if (adminPassword.length < 12) throw new ConfigError('Set ADMIN_PASSWORD to at least 12 characters.');

  const publicUrl = env.PUBLIC_URL || 'http://localhost:3000';
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`Set PUBLIC_URL to the portal's address, such as http://localhost:3000 (it is '${publicUrl}').`);
  }
  const tenant = env.MICROSOFT_TENANT || 'common';
  const microsoft = provider(env, 'MICROSOFT', `https://login.microsoftonline.com/${tenant}/v2.0`);
  const github = provider(env, 'GITHUB', 'https://github.com');
  const logLevel = (env.LOG_LEVEL || 'info') as AppConfig['logLevel'];
  if (!['silent', 'error', 'warn', 'info', 'debug'].includes(logLevel))
    throw new ConfigError('Set LOG_LEVEL to one of silent, error, warn, info, debug.');

  return {
    port: int(env, 'PORT', 3001, 0),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: resolve(env.DATA_DIR || resolve(REPO_ROOT, '.data')),
    publicUrl,
    jwtSecret: secret(env, 'JWT_SECRET'),
    csrfSecret: secret(env, 'CSRF_SECRET'),
    accessTokenTtlMinutes: int(env, 'ACCESS_TOKEN_TTL_MINUTES', 480),
    sessionCacheSeconds: int(env, 'SESSION_CACHE_SECONDS', 30, 0),
    sessionSyncTimeoutMs: int(env, 'SESSION_SYNC_TIMEOUT_MS', 2_000, 100),
    cacheEntries: {
      sessions: int(env, 'SESSION_CACHE_ENTRIES', 10_000),
      verifiedTokens: int(env, 'TOKEN_CACHE_ENTRIES', 10_000),
      cataloguePages: int(env, 'CATALOGUE_CACHE_PAGES', 1_000),
    },
    admin: {
      email: adminEmail.toLowerCase(),
      password: adminPassword,
      organizationName: env.ADMIN_ORGANIZATION_NAME || 'Datahub Beheer',
    },
    demoSeed,
    signupEnabled: bool(env, 'SIGNUP_ENABLED', true),
    requireTwoFactorForAdmins: bool(env, 'REQUIRE_2FA_FOR_ADMINS', !demoSeed),
    rateLimits: {
      loginPerAccount: int(env, 'LOGIN_RATE_LIMIT_PER_ACCOUNT', 10),
      loginPerAddress: int(env, 'LOGIN_RATE_LIMIT_PER_ADDRESS', 100),
      windowMs: 15 * 60 * 1000,
      accountPasswordFailures: int(env, 'LOGIN_FAILURES_PER_ACCOUNT', 100),
      accountCodeFailures: int(env, 'TWO_FACTOR_FAILURES_PER_ACCOUNT', 10),
    },
    trustProxy: (env.TRUST_PROXY || '127.0.0.1,::1,::ffff:127.0.0.1').split(',').map((s) => s.trim()).filter(Boolean),
    providers: {
      google: provider(env, 'GOOGLE', 'https://accounts.google.com'),
      microsoft: microsoft ? { ...microsoft, tenant } : null,
      github: github ? { ...github, apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/$/, '') } : null,
    },
    logLevel,
    // Defaults to a key derived from JWT_SECRET; set it separately to rotate JWT_SECRET without losing stored secrets.
    encryptionKey: env.ENCRYPTION_KEY ? secret(env, 'ENCRYPTION_KEY') : `derived:${secret(env, 'JWT_SECRET')}`,
    allowPrivateHosts: bool(env, 'ALLOW_PRIVATE_HOSTS', false),
    privateHostsAllowed: privateHostsAllowed(env),
    webhookPrivateHostsAllowed: privateHostsAllowed(env, 'WEBHOOK_PRIVATE_HOSTS_ALLOWED'),
    discoveryIntervalSeconds: int(env, 'DISCOVERY_INTERVAL_SECONDS', 300, 0),
    hubRelay: { host: env.HUB_RELAY_HOST || '127.0.0.1', port: int(env, 'HUB_RELAY_PORT', 0, 0), url: env.HUB_RELAY_URL ? env.HUB_RELAY_URL.replace(/\/$/, '') : null },
    reminderIntervalSeconds: int(env, 'REMINDER_INTERVAL_SECONDS', 3600, 0),
    metricsToken: metricsToken(env),
    demoCredentialsFile: env.DEMO_DATASOURCE_CREDENTIALS || null,
    sparql: {
      deadlineMs: int(env, 'SPARQL_DEADLINE_MS', 10_000, 100),
      workers: int(env, 'SPARQL_WORKERS', 2),
      replicateMb: positiveNumber(env, 'SPARQL_REPLICATE_MB', 16),
      maxRows: int(env, 'SPARQL_MAX_ROWS', 10_000),
      downloadMaxRows: int(env, 'SPARQL_DOWNLOAD_MAX_ROWS', 1_000_000),
      perUserConcurrency: int(env, 'SPARQL_CONCURRENCY_PER_USER', 2),
      cacheMb: positiveNumber(env, 'SPARQL_CACHE_MB', 256),
      cacheTtlSeconds: int(env, 'SPARQL_CACHE_TTL_SECONDS', 600),
      // Dataset copies take about 8–10 times their Turtle size in the workers (ADR 0014).
      maxRssMb: positiveNumber(env, 'SPARQL_MAX_RSS_MB', Math.max(2048, 512 + 10 * positiveNumber(env, 'SPARQL_CACHE_MB', 256))),
      queryMemoryMb: positiveNumber(env, 'SPARQL_QUERY_MEMORY_MB', 512),
      maxAnswerMb: positiveNumber(env, 'SPARQL_MAX_ANSWER_MB', 32),
      maxRunningPerOrganization: int(env, 'SPARQL_MAX_RUNNING_PER_ORGANIZATION', Math.max(1, int(env, 'SPARQL_WORKERS', 2) - 1)),
      slotLeaseSeconds: int(env, 'SPARQL_SLOT_LEASE_SECONDS', 15, 3),
      warmCopies: bool(env, 'SPARQL_WARM_COPIES', true),
      resultCacheMb: int(env, 'SPARQL_RESULT_CACHE_MB', 16, 0),
      pushDown: bool(env, 'SPARQL_PUSH_DOWN', true),
    },
    demoLicenceServerUrl: env.DEMO_LICENCE_SERVER_URL || null,
    insight: {
      retentionMonths: int(env, 'INSIGHT_RETENTION_MONTHS', 13),
      queueMax: int(env, 'INSIGHT_QUEUE_MAX', 10_000),
      flushMs: int(env, 'INSIGHT_FLUSH_MS', 1000, 10),
    },
    audit: { retentionMonths: int(env, 'AUDIT_RETENTION_MONTHS', 24) },
    support: { email: env.SUPPORT_EMAIL || adminEmail.toLowerCase(), board: env.SUPPORT_BOARD || 'datahub-tuinbouw' },
    rating: {
      delaySeconds: int(env, 'RATING_DELAY', 300, 0),
      intervalDays: int(env, 'RATING_INTERVAL', 90, 0),
      maxRating: int(env, 'RATING_MAX', 5, 2),
      animationMs: int(env, 'RATING_ANIMATION_MS', 200, 0),
    },
    events: { drainIntervalMs: int(env, 'EVENTS_DRAIN_INTERVAL_MS', 10_000, 0), amqpUrl: amqpUrl(env) },
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Datahub Tuinbouw <no-reply@datahub.test>',
  };
}
