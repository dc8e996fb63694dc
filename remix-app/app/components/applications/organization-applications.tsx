import { APPLICATION_LABELS } from '@datahub/domain';
import type { ApplicationCardData } from '~/lib/applications/applications';
import { ApplicationSearchList } from '~/components/applications/application-cards';

const L = APPLICATION_LABELS.mine;

export function OrganizationApplications({ title, applications, query }: { title: string; applications: ApplicationCardData[]; query: string }) {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{title}</h1>
      <ApplicationSearchList
        applications={applications}
        initialQuery={query}
        label={title}
        empty={
          <p>
            {L.empty}{' '}
            <a href={L.documentationUrl} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {L.documentation}
            </a>
            .
          </p>
        }
      />
    </div>
  );
}
