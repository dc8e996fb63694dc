import { Form } from '@remix-run/react';
import { EXAMPLE_SPARQL_QUERY, ERROR_TEXTS, SPARQL_LABELS, scopeLabel } from '@datahub/domain';
import type { DatasetSummaryView } from '@datahub/api-client';
import type { SparqlReply } from '~/lib/datasets/dataset-data.server';
import { completionTerms } from '~/lib/datasets/sparql-examples';
import { CsrfInput } from '~/components/core/csrf-input';
import { sectionClass } from '~/components/datasets/dataset-cards';
import { SubmitButton, useIsPending } from '~/components/core/form-controls';
import { DatasetContents, DatasetIdInput, ExampleQueries } from '~/components/datasets/sparql-contents';
import { SparqlEditor } from '~/components/datasets/sparql-editor';
import { useKeptValue } from '~/components/core/kept-form';
import { linkButton, SPARQL_FORM_ID, SparqlResult } from '~/components/datasets/sparql-result';

const L = SPARQL_LABELS;

export interface SparqlAccess {
  ttl: boolean;
  online: boolean;
  isAdmin: boolean;
  owner: boolean;
  scopes: string[];
  ownerName: string;
}

interface SparqlSectionProps {
  slug: string;
  datasetId: string;
  access: SparqlAccess;
  reply?: SparqlReply;
  xmlFailed: boolean;
  downloadFailed: boolean;
  summary: DatasetSummaryView | null;
}

export function SparqlSection({ slug, datasetId, access, reply, xmlFailed, downloadFailed, summary }: SparqlSectionProps) {
  const pending = useIsPending();
  const kept = useKeptValue('sparql_query');
  if (!access.ttl) {
    return access.isAdmin ? (
      <p role="note" className="mt-8 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
        {L.onlyTtl}
      </p>
    ) : null;
  }
  const permitted = access.scopes.length > 0;
  const query = kept ?? reply?.query ?? EXAMPLE_SPARQL_QUERY;
  return (
    <section aria-labelledby="sparql" className={sectionClass}>
      <h2 id="sparql" className="text-xl font-semibold text-stone-900">
        {L.title}
      </h2>
      {!permitted ? (
        <p role="note" className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {L.noGrant(access.ownerName)}
        </p>
      ) : !access.online ? (
        <p role="note" className="mt-3 text-stone-700">
          {L.offline}
        </p>
      ) : (
        <>
          <p className="mt-2 text-stone-600">{L.intro}</p>
          {!access.owner ? <p className="mt-1 text-sm text-stone-600">{L.scopesNote(access.scopes.map(scopeLabel).join(', '))}</p> : null}
          <div className="mt-4">
            <a href={`/dataset/${encodeURIComponent(slug)}/xml`} className={linkButton}>
              {L.downloadXml}
            </a>
            {xmlFailed ? (
              <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                {ERROR_TEXTS.xmlDownload}
              </p>
            ) : null}
          </div>
          {summary ? <DatasetContents summary={summary} /> : null}
          {summary ? <ExampleQueries slug={slug} datasetId={datasetId} summary={summary} /> : null}
          <Form id={SPARQL_FORM_ID} noValidate method="post" action={`/dataset/${encodeURIComponent(slug)}#resultaat`} className="mt-6">
            <CsrfInput />
            <DatasetIdInput datasetId={datasetId} />
            {/* A new query (an example, another page's answer) makes a new editor with it. */}
            <SparqlEditor key={query} defaultValue={query} completion={completionTerms(summary)} />
            <div className="mt-3">
              <SubmitButton pending={pending} pendingLabel={L.running}>
                {L.submit}
              </SubmitButton>
            </div>
          </Form>
          <SparqlResult slug={slug} reply={reply} downloadFailed={downloadFailed} />
        </>
      )}
    </section>
  );
}
