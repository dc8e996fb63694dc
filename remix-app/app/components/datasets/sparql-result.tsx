import { SPARQL_LABELS, WORKBENCH_LABELS } from '@datahub/domain';
import type { SparqlReply } from '~/lib/datasets/dataset-data.server';
import type { WorkbenchTable } from '~/lib/datasets/sparql-table';
import { CsrfInput } from '~/components/core/csrf-input';

const L = SPARQL_LABELS;
const W = WORKBENCH_LABELS;

export const linkButton =
  'inline-flex items-center rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 shadow-sm hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** Paging buttons submit it again with their page. */
export const SPARQL_FORM_ID = 'sparql-form';

function ResultTable({ table }: { table: WorkbenchTable }) {
  if (table.total === 0) return <p className="mt-4 text-stone-600">{L.noRows}</p>;
  const numeric = table.vars.map((_, column) => table.rows.every((row) => row[column]!.numeric || row[column]!.text === '') && table.rows.some((row) => row[column]!.numeric));
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div role="region" aria-label={W.tableRegion} tabIndex={0} className="mt-4 max-h-96 overflow-auto rounded-md border border-stone-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{L.table}</caption>
        <thead className="sticky top-0 bg-stone-100">
          <tr>
            {table.vars.map((name, column) => (
              // Headers never break per letter on a phone; the region scrolls sideways instead.
              <th key={name} scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold text-stone-800 ${numeric[column] ? 'text-right' : ''}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index} className="border-t border-stone-100">
              {row.map((cell, column) => (
                <td key={column} className={cell.numeric ? 'whitespace-nowrap px-3 py-1.5 text-right align-top tabular-nums text-stone-800' : 'min-w-[10rem] px-3 py-1.5 align-top text-stone-800 [overflow-wrap:anywhere]'}>
                  {cell.iri ? (
                    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus shows the full IRI (hover alone leaves keyboard users out)
                    <span title={cell.iri} tabIndex={0} className="group relative cursor-help underline decoration-dotted underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                      {cell.text}
                      <span className="sr-only"> ({W.fullIri(cell.iri)})</span>
                      <span aria-hidden="true" className="pointer-events-none absolute left-0 top-full z-10 mt-1 hidden whitespace-nowrap rounded bg-stone-900 px-2 py-1 text-xs text-white group-focus:block">
                        {cell.iri}
                      </span>
                    </span>
                  ) : (
                    cell.text
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Paging({ table }: { table: WorkbenchTable }) {
  if (table.pages <= 1) return null;
  const button = `${linkButton} disabled:cursor-not-allowed disabled:opacity-50`;
  return (
    <nav aria-label={W.paging} className="mt-3 flex flex-wrap items-center gap-3">
      <button type="submit" form={SPARQL_FORM_ID} name="pagina" value={table.page - 1} disabled={table.page <= 1} className={button}>
        {W.previous}
      </button>
      <span className="text-sm text-stone-700" aria-current="page">
        {W.pageOf(table.page, table.pages)}
      </span>
      <button type="submit" form={SPARQL_FORM_ID} name="pagina" value={table.page + 1} disabled={table.page >= table.pages} className={button}>
        {W.next}
      </button>
    </nav>
  );
}

function Downloads({ action, query, table }: { action: string; query: string; table: boolean }) {
  return (
    <form noValidate method="post" action={action} aria-label={W.downloads} className="flex flex-wrap gap-2">
      <CsrfInput />
      <input type="hidden" name="sparql_query" value={query} />
      <button type="submit" name="formaat" value="json" className={linkButton}>
        {L.download}
      </button>
      {table ? (
        <>
          <button type="submit" name="formaat" value="excel" className={linkButton}>
            {W.downloadCsvExcel}
          </button>
          <button type="submit" name="formaat" value="csv" className={linkButton}>
            {W.downloadCsv}
          </button>
          <button type="submit" name="formaat" value="tsv" className={linkButton}>
            {W.downloadTsv}
          </button>
        </>
      ) : null}
    </form>
  );
}

/** `downloadAction`: where the downloads post (default: the dataset's; the workbench over several datasets has its own). */
export function SparqlResult({ slug, reply, downloadFailed, downloadAction }: { slug: string; reply?: SparqlReply; downloadFailed: boolean; downloadAction?: string }) {
  return (
    <div id="resultaat" aria-live="polite" className="scroll-mt-4 empty:hidden">
      {downloadFailed ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {W.downloadFailed}
        </p>
      ) : null}
      {reply?.error || reply?.formError ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-medium">{reply.error ?? reply.formError}</p>
          {reply.errorDetail ? (
            <p className="mt-2 font-mono text-xs" data-testid="sparql-error-detail">
              <span className="sr-only">{W.parserMessage}: </span>
              {reply.errorDetail}
            </p>
          ) : null}
        </div>
      ) : null}
      {reply?.json && !reply.error ? (
        <div className="mt-6" data-testid="sparql-result">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 className="font-semibold text-stone-900">{L.result}</h3>
            <Downloads action={downloadAction ?? `/dataset/${encodeURIComponent(slug)}/resultaat`} query={reply.query} table={Boolean(reply.table)} />
          </div>
          {reply.table ? (
            <p className="mt-2 text-sm text-stone-700" data-testid="sparql-result-count">
              {W.summaryLine(reply.table.total, ((reply.elapsedMs ?? 0) / 1000).toLocaleString('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }))}
            </p>
          ) : null}
          {reply.truncated && reply.table ? <p className="mt-2 text-sm font-medium text-amber-800">{L.truncated(reply.table.total)}</p> : null}
          {reply.table ? <ResultTable table={reply.table} /> : null}
          {reply.table ? <Paging table={reply.table} /> : null}
          {/* The raw answer is for developers: behind a disclosure (no JavaScript needed), open when there is no table. */}
          <details className="group mt-4" open={!reply.table} data-testid="sparql-json">
            <summary className="inline-flex cursor-pointer items-center gap-1 rounded-md text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
              <span className="group-open:hidden">{W.showJson}</span>
              <span className="hidden group-open:inline">{W.hideJson}</span>
            </summary>
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the scrollable JSON must take focus to be scrolled by keyboard */}
            <pre aria-label={L.json} tabIndex={0} className="mt-2 max-h-96 overflow-auto rounded-md bg-stone-900 p-4 text-xs text-stone-100">
              {reply.json}
            </pre>
          </details>
        </div>
      ) : null}
    </div>
  );
}
