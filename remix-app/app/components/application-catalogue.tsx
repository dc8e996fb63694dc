import { APPLICATION_LABELS } from '@datahub/domain';
import type { ApplicationCardData } from '~/lib/applications';
import { ApplicationSearchList } from './application-cards';

const L = APPLICATION_LABELS.catalogue;

/** The front door (/ and /applicaties): every application. */
export function ApplicationCatalogue({ applications, query }: { applications: ApplicationCardData[]; query: string }) {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.heading}</h1>
      <ApplicationSearchList applications={applications} initialQuery={query} empty={L.empty} label={L.heading} />
    </div>
  );
}
