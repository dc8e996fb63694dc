import { ChevronRight } from 'lucide-react';
import { API_TOKEN_LABELS as L } from '@datahub/domain';

/** A form POST, the SPARQL 1.1 Protocol's most portable form. */
function curlExample(endpoint: string): string {
  return [
    `curl -H "Authorization: Bearer ${L.apiTokenPlaceholder}" \\`,
    `  -H "Accept: application/sparql-results+json" \\`,
    `  --data-urlencode "query=SELECT * WHERE { ?s ?p ?o } LIMIT 10" \\`,
    `  ${endpoint}`,
  ].join('\n');
}

export function ApiUsageSection({ endpoint }: { endpoint: string }) {
  return (
    <section aria-labelledby="voor-ontwikkelaars" data-testid="developer-section" className="mt-8 rounded-lg border border-stone-200 bg-white shadow-sm">
      <details className="group">
        {/* A summary holds phrasing content and one heading: the title is the h2, the hint a line under it. */}
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 rounded-lg p-6 hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:px-8 [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-stone-500 transition group-open:rotate-90" />
          <h2 id="voor-ontwikkelaars" className="text-lg font-semibold text-stone-900">
            {L.developersTitle}
          </h2>
          <span className="basis-full pl-8 text-sm text-stone-600">{L.developersHint}</span>
        </summary>
        <section aria-labelledby="gebruik-via-api" className="border-t border-stone-200 p-6 sm:p-8">
          <h3 id="gebruik-via-api" className="text-base font-semibold text-stone-900">
            {L.apiTitle}
          </h3>
          <p className="mt-2 text-sm text-stone-700">{L.apiIntro}</p>
          <dl className="mt-4 space-y-4">
            <div>
              <dt className="text-sm font-medium text-stone-800">{L.apiEndpoint}</dt>
              <dd className="mt-1">
                <code className="select-all break-all rounded bg-stone-100 px-2 py-1 font-mono text-sm text-stone-900" data-testid="sparql-endpoint">
                  {endpoint}
                </code>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-stone-800">{L.apiExample}</dt>
              <dd className="mt-1">
                <pre className="whitespace-pre-wrap break-all rounded bg-stone-900 p-4 font-mono text-sm text-stone-100" data-testid="curl-example">
                  {curlExample(endpoint)}
                </pre>
              </dd>
            </div>
          </dl>
        </section>
      </details>
    </section>
  );
}
