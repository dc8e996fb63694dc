import { Link } from '@remix-run/react';
import { explainFinding, QUALITY_LABELS as L, qualityLine, shortIri, type DatasetQuality, type QualityFilterParam, type QualityFindings } from '~/lib/datasets/quality';
import { sectionClass } from '~/components/datasets/dataset-cards';

export function QualityLine({ quality }: { quality: DatasetQuality | null | undefined }) {
  const line = qualityLine(quality);
  if (!line) return null;
  return (
    <span
      data-testid="dataset-quality"
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${line.conforms ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
    >
      <span className="sr-only">{L.line}: </span>
      {line.text}
    </span>
  );
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('nl-NL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

export function QualityFindingsSection({ report }: { report: QualityFindings }) {
  return (
    <section aria-labelledby="kwaliteit" className={sectionClass} data-testid="quality-findings">
      <h2 id="kwaliteit" className="text-xl font-semibold text-stone-900">
        {L.findingsTitle}
      </h2>
      <p className="mt-2 text-sm text-stone-600">{L.findingsIntro(dateTime(report.checked_at))}</p>
      {report.findings.length === 0 ? (
        <p className="mt-4 text-stone-800">{L.findingsNone}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {report.findings.map((finding) => {
            const { problem, action } = explainFinding(finding);
            return (
              <li key={`${finding.shape}|${finding.path}|${finding.constraint}|${finding.severity}`} className="rounded-md border border-stone-200 p-4 [overflow-wrap:anywhere]">
                <p className="font-medium text-stone-900">
                  {L.severity[finding.severity] ?? finding.severity}: {problem} ({L.times(finding.count)})
                </p>
                <p className="mt-1 text-stone-800">
                  <span className="font-medium">{L.whatToDo}:</span> {action}
                </p>
                {finding.examples.length > 0 ? (
                  <p className="mt-1 break-all text-sm text-stone-600">
                    {L.examples}: {finding.examples.map((example) => (example === '_:' ? 'een leeg knooppunt' : shortIri(example))).join(', ')}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {report.findings.length >= 50 ? <p className="mt-4 text-sm text-stone-600">{L.findingsMore}</p> : null}
    </section>
  );
}

/** Plain links keeping the search, so it works without JavaScript. */
export function QualityFilter({ current, query }: { current: QualityFilterParam | null; query: string }) {
  const href = (filter: QualityFilterParam | null) => {
    const params = new URLSearchParams();
    if (query) params.set('q', query);
    if (filter) params.set('kwaliteit', filter);
    const search = params.toString();
    return search ? `?${search}` : '?';
  };
  const options: [QualityFilterParam | null, string][] = [
    [null, L.filterAll],
    ['voldoet', L.filterConforms],
    ['afwijkingen', L.filterDeviations],
  ];
  return (
    <nav aria-label={L.filterLabel} className="mt-4 flex flex-wrap gap-2 text-sm">
      {options.map(([filter, label]) => (
        <Link
          key={filter ?? 'alle'}
          to={href(filter)}
          preventScrollReset
          aria-current={current === filter ? 'page' : undefined}
          className={`rounded-full border px-3 py-1 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
            current === filter ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100'
          }`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
