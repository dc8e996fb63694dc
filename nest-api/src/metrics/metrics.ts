import { Global, Injectable, Module } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One registry per app, so tests can run several apps in one process; values held elsewhere are read at scrape time (`onCollect`). */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly collectors: (() => void | Promise<void>)[] = [];

  readonly httpRequests = new Counter({
    name: 'datahub_http_requests_total',
    help: 'HTTP requests answered, per route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'datahub_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, per route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly sparqlQueueDepth = new Gauge({ name: 'datahub_sparql_queue_depth', help: 'SPARQL queries and exports waiting for a worker', registers: [this.registry] });
  readonly sparqlWorkers = new Gauge({ name: 'datahub_sparql_workers', help: 'SPARQL workers, per state', labelNames: ['state'], registers: [this.registry] });
  readonly sparqlWaits = new Gauge({ name: 'datahub_sparql_waits_total', help: 'SPARQL queries and exports that waited in the queue (since start)', registers: [this.registry] });
  readonly sparqlDeadlineHits = new Gauge({ name: 'datahub_sparql_deadline_hits_total', help: 'SPARQL queries and exports stopped at their deadline (since start)', registers: [this.registry] });
  readonly sparqlRestarts = new Gauge({ name: 'datahub_sparql_worker_restarts_total', help: 'SPARQL workers replaced (since start)', registers: [this.registry] });
  readonly datasetCache = new Counter({ name: 'datahub_dataset_cache_lookups_total', help: "Lookups of the hub's dataset copies, per outcome (hit, loaded = miss, too_large)", labelNames: ['outcome'], registers: [this.registry] });
  readonly datasetCacheBytes = new Gauge({ name: 'datahub_dataset_cache_bytes', help: "Bytes of Turtle held by the hub's dataset copies", registers: [this.registry] });
  readonly discovery = new Counter({ name: 'datahub_discovery_outcomes_total', help: 'Datasets checked by discovery, per outcome (online, offline)', labelNames: ['outcome'], registers: [this.registry] });
  readonly outboxBacklog = new Gauge({ name: 'datahub_event_outbox_backlog', help: 'Events in the outbox not yet drained (to RabbitMQ and webhooks)', registers: [this.registry] });
  readonly webhookDeliveries = new Counter({ name: 'datahub_webhook_deliveries_total', help: 'Webhook delivery attempts in this process, per outcome (delivered, retry, failed)', labelNames: ['outcome'], registers: [this.registry] });
  readonly jobRuns = new Counter({ name: 'datahub_job_runs_total', help: 'Timed job runs in this process, per job and outcome (ok, failed)', labelNames: ['job', 'outcome'], registers: [this.registry] });
  readonly federationParts = new Counter({
    name: 'datahub_federation_parts_total',
    help: 'Datasets read by /api/sparql questions, per how their graph was filled (pushed: the triples a block matched; restricted: the same, by a bind join; whole: the permitted part; kept: a kept whole combination)',
    labelNames: ['how'],
    registers: [this.registry],
  });

  onCollect(collect: () => void | Promise<void>): void {
    this.collectors.push(collect);
  }

  async text(): Promise<string> {
    for (const collect of this.collectors) await collect();
    return this.registry.metrics();
  }
}

@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
