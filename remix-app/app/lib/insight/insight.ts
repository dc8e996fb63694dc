import { CSV_BOM, csvCell, csvLine, formatDateLong, formatWeek, INSIGHT_LABELS as L } from '@datahub/domain';
import type { components } from '@datahub/api-client';

type Overview = components['schemas']['InsightOverviewView'];

export const PERIODS = ['7', '30', '90', '365'] as const;

export function periodOf(request: Request): string {
  const value = new URL(request.url).searchParams.get('dagen') ?? '30';
  return (PERIODS as readonly string[]).includes(value) ? value : '30';
}

export function insightTables(overview: Overview) {
  const maxRating = overview.max_rating;
  const satisfaction = Array.from({ length: maxRating }, (_, i) => overview.satisfaction.find((row) => row.score === i + 1)?.count ?? 0);
  return [
    { id: 'bezoeken', title: L.visitsPerDay, labelHeader: L.day, labels: overview.visits_per_day.map((r) => formatDateLong(r.day)), series: [{ name: L.visits, values: overview.visits_per_day.map((r) => r.visits) }] },
    {
      id: 'actief',
      title: L.activePerWeek,
      labelHeader: L.week,
      labels: overview.active_per_week.map((r) => formatWeek(r.week)),
      series: [
        { name: L.users, values: overview.active_per_week.map((r) => r.users) },
        { name: L.organizations, values: overview.active_per_week.map((r) => r.organizations) },
      ],
    },
    { id: 'datasets', title: L.topDatasets, labelHeader: L.dataset, labels: overview.top_datasets.map((r) => r.name), series: [{ name: L.views, values: overview.top_datasets.map((r) => r.views) }] },
    { id: 'applicaties', title: L.topApplications, labelHeader: L.application, labels: overview.top_applications.map((r) => r.name), series: [{ name: L.views, values: overview.top_applications.map((r) => r.views) }] },
    {
      id: 'gebruik',
      title: L.datasetUse,
      labelHeader: L.dataset,
      labels: overview.dataset_use.map((r) => r.name),
      series: [
        { name: L.queries, values: overview.dataset_use.map((r) => r.queries) },
        { name: L.downloads, values: overview.dataset_use.map((r) => r.downloads) },
      ],
    },
    {
      id: 'tevredenheid',
      title: L.satisfaction,
      labelHeader: L.score,
      labels: satisfaction.some((n) => n > 0) ? satisfaction.map((_, i) => String(i + 1)) : [],
      series: [{ name: L.count, values: satisfaction }],
    },
  ];
}

export function insightCsv(overview: Overview): string {
  const lines: string[] = [];
  for (const table of insightTables(overview)) {
    lines.push(csvCell(table.title));
    lines.push(csvLine([table.labelHeader, ...table.series.map((s) => s.name)]));
    table.labels.forEach((label, i) => lines.push(csvLine([label, ...table.series.map((s) => s.values[i])])));
    lines.push('');
  }
  return `${CSV_BOM}${lines.join('\r\n')}`;
}
