import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { sparqlDownloadAction } from '~/lib/datasets/sparql-download.server';

export function action(args: ActionFunctionArgs) {
  return sparqlDownloadAction(args);
}

/** Only a form posts here: a visit goes to the dataset page. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/dataset/${encodeURIComponent(params.slug ?? '')}`);
}
