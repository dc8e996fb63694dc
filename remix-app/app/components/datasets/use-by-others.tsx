import type { components } from '@datahub/api-client';
import { AUDIT_LABELS as L, formatDateTimeLong } from '@datahub/domain';
import { sectionClass } from '~/components/datasets/dataset-cards';

type Use = components['schemas']['DatasetUseByOthersView'];

/** For the owner organisation: reads per receiving organisation, last 30 days. */
export function UseByOthersSection({ uses }: { uses: Use[] }) {
  return (
    <section aria-labelledby="gebruik-door-anderen" className={sectionClass}>
      <h2 id="gebruik-door-anderen" className="text-xl font-semibold text-stone-900">
        {L.usageTitle}
      </h2>
      <p className="mt-2 text-stone-600">{L.usageIntro}</p>
      {uses.length === 0 ? (
        <p className="mt-4 text-stone-700">{L.usageEmpty}</p>
      ) : (
        <table className="mt-4 min-w-full text-left text-sm" data-testid="use-by-others">
          <thead className="text-stone-700">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">{L.usageOrganization}</th>
              <th scope="col" className="py-2 pr-4 font-medium">{L.usageReads}</th>
              <th scope="col" className="py-2 font-medium">{L.usageLast}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {uses.map((use) => (
              <tr key={use.organization_id}>
                <td className="py-2 pr-4">{use.organization_name ?? '–'}</td>
                <td className="py-2 pr-4">{use.reads}</td>
                <td className="py-2">{formatDateTimeLong(use.last_read_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
