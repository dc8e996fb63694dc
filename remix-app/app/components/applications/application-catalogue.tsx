import { useLocation, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { APPLICATION_LABELS } from '@datahub/domain';
import type { ApplicationCardData } from '~/lib/applications/applications';
import { ApplicationSearchList } from '~/components/applications/application-cards';
import { Spinner } from '~/components/core/spinner';

const L = APPLICATION_LABELS.catalogue;

export function ApplicationCatalogue({ applications, query, intro }: { applications: ApplicationCardData[]; query: string; intro?: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  return (
    <div>
      <div className="flex items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.heading}</h1>
        {loading ? (
          <span role="status" className="text-brand-600">
            <Spinner className="h-6 w-6" />
            <span className="sr-only">{L.loading}</span>
          </span>
        ) : null}
      </div>
      {intro}
      <ApplicationSearchList applications={applications} initialQuery={query} empty={L.empty} label={L.heading} />
    </div>
  );
}
