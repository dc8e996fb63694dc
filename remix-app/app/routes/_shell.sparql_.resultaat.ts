import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { workbenchDownloadAction } from '~/lib/sparql/workbench.server';

export function action(args: ActionFunctionArgs) {
  return workbenchDownloadAction(args);
}

/** Only a form posts here: a visit goes to the workbench. */
export function loader() {
  return redirect('/sparql');
}
