import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { SPARQL_LABELS, scopeLabel } from '@datahub/domain';
import { ErrorPanel } from '~/components/core/error-page';
import { useKeptTicks, useKeptValue } from '~/components/core/kept-form';
import { CsrfInput } from '~/components/core/csrf-input';
import { sectionClass } from '~/components/datasets/dataset-cards';
import { SubmitButton, useIsPending } from '~/components/core/form-controls';
import { SparqlEditor } from '~/components/datasets/sparql-editor';
import { linkButton, SPARQL_FORM_ID, SparqlResult } from '~/components/datasets/sparql-result';
import { completionTerms } from '~/lib/datasets/sparql-examples';
import { skipAfterSparqlQuery } from '~/lib/datasets/sparql-revalidation';
import { pageTitle } from '~/lib/core/meta';
import { FEDERATION_LABELS as F } from '~/lib/sparql/federation-labels';
import { workbenchAction, workbenchLoader, type WorkbenchReply } from '~/lib/sparql/workbench.server';
import { exampleQuery } from '~/lib/sparql/workbench';

const L = SPARQL_LABELS;

export const meta: MetaFunction = () => [{ title: pageTitle(F.title) }];

export function loader(args: LoaderFunctionArgs) {
  return workbenchLoader(args);
}

export function action(args: ActionFunctionArgs) {
  return workbenchAction(args);
}

export const shouldRevalidate = skipAfterSparqlQuery;

/** One plain form (checkboxes and textarea work without JavaScript; with it the editor replaces the textarea), run at /api/sparql. */
export default function SparqlWorkbenchPage() {
  const { datasets, endpoint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as WorkbenchReply | undefined;
  const [search] = useSearchParams();
  const pending = useIsPending();
  const keptQuery = useKeptValue('sparql_query');
  const keptTick = useKeptTicks('dataset');
  const chosen = new Set(reply?.chosen ?? datasets.slice(0, 2).map((row) => row.iri));
  const query = keptQuery ?? reply?.query ?? exampleQuery([...chosen]);
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{F.title}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">{F.intro}</p>
      <section aria-labelledby="sparql" className={sectionClass}>
        <h2 id="sparql" className="text-xl font-semibold text-stone-900">
          {L.title}
        </h2>
        {datasets.length === 0 ? (
          <p role="note" className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
            {F.none}
          </p>
        ) : (
          <Form id={SPARQL_FORM_ID} noValidate method="post" action="/sparql#resultaat" className="mt-4">
            <CsrfInput />
            <fieldset>
              <legend className="text-sm font-medium text-stone-800">{F.choose}</legend>
              <p className="mt-1 text-sm text-stone-600">{F.chooseHint}</p>
              <ul className="mt-2 space-y-2">
                {datasets.map((dataset) => (
                  <li key={dataset.id}>
                    <div className="flex items-start gap-2 text-stone-800">
                      <input id={`dataset-${dataset.id}`} type="checkbox" name="dataset" value={dataset.iri} defaultChecked={keptTick(dataset.iri, chosen.has(dataset.iri))} className="mt-1" />
                      <label htmlFor={`dataset-${dataset.id}`}>
                        <span className="font-medium">{dataset.name || dataset.slug}</span>
                        <span className="block font-mono text-xs text-stone-600">{dataset.iri}</span>
                        <span className="block text-xs text-stone-600">{F.scopes(dataset.scopes.map(scopeLabel).join(', '))}</span>
                      </label>
                    </div>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="mt-3">
              <button type="submit" name="intent" value="voorbeeld" className={linkButton}>
                {F.example}
              </button>
            </div>
            <div className="mt-4">
              <SparqlEditor key={query} defaultValue={query} completion={completionTerms(null)} />
            </div>
            <div className="mt-3">
              <SubmitButton pending={pending} pendingLabel={L.running}>
                {L.submit}
              </SubmitButton>
            </div>
          </Form>
        )}
        <SparqlResult slug="datasets" reply={reply} downloadFailed={search.get('download') === 'fout'} downloadAction="/sparql/resultaat" />
        <p className="mt-6 text-sm text-stone-600">{F.endpoint(endpoint)}</p>
      </section>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
