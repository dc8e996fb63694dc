import { Form } from '@remix-run/react';
import { EXAMPLE_SPARQL_QUERY, ERROR_TEXTS, SPARQL_LABELS, scopeLabel } from '@datahub/domain';
import { sparqlDownloadName } from '~/lib/authorisations/authorisations';
import type { SparqlReply } from '~/lib/datasets/dataset-data.server';
import { CsrfInput } from './csrf-input';
import { sectionClass } from './dataset-cards';
import { SubmitButton, useIsPending } from './form-controls';

const L = SPARQL_LABELS;

export interface SparqlAccess {
  /** The dataset is a .ttl dataset. */
  ttl: boolean;
  online: boolean;
  isAdmin: boolean;
  owner: boolean;
  scopes: string[];
  ownerName: string;
}

const linkButton =
  'inline-flex items-center rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 shadow-sm hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

function ResultTable({ table }: { table: NonNullable<SparqlReply['table']> }) {
  if (table.rows.length === 0) return <p className="mt-4 text-stone-600">{L.noRows}</p>;
  return (
    <div className="mt-4 max-h-96 overflow-auto rounded-md border border-stone-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{L.table}</caption>
        <thead className="sticky top-0 bg-stone-100">
          <tr>
            {table.vars.map((name) => (
              <th key={name} scope="col" className="px-3 py-2 font-semibold text-stone-800">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index} className="border-t border-stone-100">
              {row.map((value, column) => (
                <td key={column} className="break-all px-3 py-1.5 align-top text-stone-800">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The SPARQL section of /dataset/{slug} (spec §2) and its 'Download XML' button. */
export function SparqlSection({ slug, access, reply, xmlFailed }: { slug: string; access: SparqlAccess; reply?: SparqlReply; xmlFailed: boolean }) {
  const pending = useIsPending();
  if (!access.ttl) {
    return access.isAdmin ? (
      <p role="note" className="mt-8 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
        {L.onlyTtl}
      </p>
    ) : null;
  }
  const permitted = access.scopes.length > 0;
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
          <Form noValidate method="post" className="mt-6">
            <CsrfInput />
            <label htmlFor="sparql_query" className="block text-sm font-medium text-stone-800">
              {L.inputLabel}
            </label>
            <textarea
              id="sparql_query"
              name="sparql_query"
              rows={6}
              required
              placeholder={L.placeholder}
              defaultValue={reply?.query ?? EXAMPLE_SPARQL_QUERY}
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-mono text-sm text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
            />
            <div className="mt-3">
              <SubmitButton pending={pending} pendingLabel={L.running}>
                {L.submit}
              </SubmitButton>
            </div>
          </Form>
          <div aria-live="polite" className="empty:hidden">
            {reply?.error || reply?.formError ? (
              <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                {reply.error ?? reply.formError}
              </p>
            ) : null}
            {reply?.json && !reply.error ? (
              <div className="mt-6" data-testid="sparql-result">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 className="font-semibold text-stone-900">{L.result}</h3>
                  <a
                    href={`data:application/json;charset=utf-8,${encodeURIComponent(reply.json)}`}
                    download={sparqlDownloadName(slug)}
                    className={linkButton}
                  >
                    {L.download}
                  </a>
                </div>
                {reply.truncated && reply.table ? <p className="mt-2 text-sm font-medium text-amber-800">{L.truncated(reply.table.rows.length)}</p> : null}
                {reply.table ? <ResultTable table={reply.table} /> : null}
                <pre aria-label={L.json} className="mt-4 max-h-96 overflow-auto rounded-md bg-stone-900 p-4 text-xs text-stone-100">
                  {reply.json}
                </pre>
              </div>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
