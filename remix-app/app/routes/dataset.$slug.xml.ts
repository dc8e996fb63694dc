import type { LoaderFunctionArgs } from '@remix-run/node';
import { xmlDownloadLoader } from '~/lib/datasets/dataset-data.server';

export function loader(args: LoaderFunctionArgs) {
  return xmlDownloadLoader(args);
}
