import { Form } from '@remix-run/react';
import { WORKBENCH_LABELS, categoryLabel } from '@datahub/domain';
import type { DatasetSummaryView } from '@datahub/api-client';
import { prefixedName } from '~/lib/datasets/sparql-table';
import { completionTerms, exampleQueries } from '~/lib/datasets/sparql-examples';
import { DATASET_ID_FIELD } from '~/lib/datasets/sparql-form';
import { CsrfInput } from '~/components/core/csrf-input';
import { linkButton } from '~/components/datasets/sparql-result';

const W = WORKBENCH_LABELS;

function CountList({ title, rows }: { title: string; rows: { key: string; label: string; count: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold text-stone-800">{title}</h4>
      <ul className="mt-1 space-y-0.5 text-sm text-stone-700">
        {rows.map((row) => (
          <li key={row.key} className="flex justify-between gap-3">
            <span className="break-all" title={row.key}>
              {row.label}
            </span>
            <span className="shrink-0 tabular-nums text-stone-600">{row.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Within the asker's scopes, top ten of each list. */
export function DatasetContents({ summary }: { summary: DatasetSummaryView }) {
  const { prefixes } = completionTerms(summary);
  const name = (iri: string) => prefixedName(iri, prefixes) ?? iri;
  return (
    <section aria-labelledby="wat-zit-erin" className="mt-6 rounded-md border border-stone-200 bg-stone-50 p-4">
      <h3 id="wat-zit-erin" className="font-semibold text-stone-900">
        {W.contentsTitle}
      </h3>
      {summary.triples === 0 ? (
        <p className="mt-1 text-sm text-stone-700">{W.contentsEmpty}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">{W.contentsIntro(summary.triples)}</p>
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            <CountList title={W.categories} rows={summary.categories.slice(0, 10).map((row) => ({ key: row.category, label: categoryLabel(row.category), count: W.subjects(row.subjects) }))} />
            <CountList title={W.classes} rows={summary.classes.slice(0, 10).map((row) => ({ key: row.iri, label: name(row.iri), count: W.subjects(row.instances) }))} />
            <CountList title={W.properties} rows={summary.properties.slice(0, 10).map((row) => ({ key: row.iri, label: name(row.iri), count: W.uses(row.uses) }))} />
          </div>
        </>
      )}
    </section>
  );
}

export function DatasetIdInput({ datasetId }: { datasetId: string }) {
  return <input type="hidden" name={DATASET_ID_FIELD} value={datasetId} />;
}

/** Each is a small form that runs it, also without JavaScript. */
export function ExampleQueries({ slug, datasetId, summary }: { slug: string; datasetId: string; summary: DatasetSummaryView }) {
  return (
    <section aria-labelledby="voorbeelden" className="mt-6">
      <h3 id="voorbeelden" className="font-semibold text-stone-900">
        {W.examplesTitle}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{W.examplesIntro}</p>
      <ul className="mt-2 space-y-2">
        {exampleQueries(summary).map((example) => (
          <li key={example.title}>
            <Form noValidate method="post" action={`/dataset/${encodeURIComponent(slug)}#resultaat`} className="flex flex-wrap items-center gap-3">
              <CsrfInput />
              <DatasetIdInput datasetId={datasetId} />
              <input type="hidden" name="sparql_query" value={example.query} />
              <button type="submit" className={`${linkButton} py-1 text-sm`} aria-label={`${W.useExample}: ${example.title}`}>
                {W.useExample}
              </button>
              <span className="text-sm text-stone-800">{example.title}</span>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
