import type { LoaderFunctionArgs } from '@remix-run/node';
import { xmlDownloadLoader } from '~/lib/dataset-data.server';

export function loader(args: LoaderFunctionArgs) {
  return xmlDownloadLoader(args);
}
