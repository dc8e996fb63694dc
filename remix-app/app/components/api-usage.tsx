import { API_TOKEN_LABELS as L } from '@datahub/domain';

/** The ready `curl` call (a form POST, the SPARQL 1.1 Protocol's most portable form) with a token placeholder. */
function curlExample(endpoint: string): string {
  return [
    `curl -H "Authorization: Bearer ${L.apiTokenPlaceholder}" \\`,
    `  -H "Accept: application/sparql-results+json" \\`,
    `  --data-urlencode "query=SELECT * WHERE { ?s ?p ?o } LIMIT 10" \\`,
    `  ${endpoint}`,
  ].join('\n');
}

/** 'Gebruik via API' on the dataset page: the endpoint's address and a curl example. */
export function ApiUsageSection({ endpoint }: { endpoint: string }) {
  return (
    <section aria-labelledby="gebruik-via-api" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="gebruik-via-api" className="text-xl font-semibold text-stone-900">
        {L.apiTitle}
      </h2>
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
  );
}
