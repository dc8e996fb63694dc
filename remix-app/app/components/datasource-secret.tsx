import { Link } from '@remix-run/react';
import { DATASET_LABELS, DATASOURCE_DETAIL_LABELS } from '@datahub/domain';
import type { CreatedDatasourceView } from '@datahub/api-client';
import { credentialsDataUrl, credentialsFileName } from '~/lib/datasets/datasets';
import { sectionClass } from './dataset-cards';
import { primaryButton } from './button';
import { ScrollRegion } from './scroll-region';

const L = DATASET_LABELS.datasourceCreate;
const D = DATASOURCE_DETAIL_LABELS;

function Command({ label, command }: { label: string; command: string }) {
  return (
    <ScrollRegion label={label} className="mt-2 rounded-md border border-stone-300 bg-stone-50">
      <pre className="p-3 font-mono text-xs text-stone-900">
        <code>{command}</code>
      </pre>
    </ScrollRegion>
  );
}

/** Running the reference data source on an own server: the package command and the start command from the hub's answer. */
function InstallSteps({ created }: { created: CreatedDatasourceView }) {
  return (
    <section aria-labelledby="databron-installatie" className="mt-6">
      <h3 id="databron-installatie" className="font-semibold text-stone-900">
        {D.installTitle}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{D.installIntro}</p>
      <ol className="mt-3 list-decimal space-y-3 pl-5 text-sm text-stone-800">
        <li>{D.installSteps.download}</li>
        <li>
          {D.installSteps.install}
          <Command label={D.installCommandLabel} command={created.install_command} />
        </li>
        <li>{D.installSteps.data}</li>
        <li>
          {D.installSteps.start}
          <Command label={D.startCommandLabel} command={created.start_command} />
        </li>
        <li>{created.hostname ? D.installSteps.https(created.hostname) : D.installSteps.httpsNoHostname}</li>
      </ol>
    </section>
  );
}

function CloudInit({ config }: { config: string }) {
  return (
    <div className="mt-6">
      <h3 className="font-semibold text-stone-900">{L.cloudInit}</h3>
      <p className="mt-1 text-sm text-stone-600">{L.cloudInitHint}</p>
      <label htmlFor="cloud-init" className="sr-only">
        {L.cloudInit}
      </label>
      <textarea
        id="cloud-init"
        readOnly
        rows={12}
        value={config}
        className="mt-2 block w-full rounded-md border border-stone-300 bg-stone-50 p-3 font-mono text-xs text-stone-900"
      />
    </div>
  );
}

/**
 * A data source's credentials, shown this once after creating it or issuing a new key: first the
 * download (no JavaScript needed), then what to do with it — the cloud-init configuration for the
 * cloud variant, the installation steps for an own server, or where a new key goes.
 */
export function DatasourceSecret({ created, cloud, rotated }: { created: CreatedDatasourceView; cloud: boolean; rotated: boolean }) {
  return (
    <section aria-labelledby="databron-aangemaakt" className={sectionClass}>
      <h2 id="databron-aangemaakt" role="status" className="text-xl font-semibold text-stone-900">
        {rotated ? DATASET_LABELS.datasources.newKeyDone(created.name) : L.created(created.name)}
      </h2>
      <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">{L.secretOnce}</p>
      <p className="mt-4">
        <a href={credentialsDataUrl(created)} download={credentialsFileName(created.datasource_id)} className={primaryButton('inline-flex items-center')}>
          {L.download}
        </a>
      </p>
      {rotated ? <p className="mt-4 text-sm text-stone-700">{DATASET_LABELS.datasources.newKeyInstall}</p> : null}
      {!rotated && cloud ? <CloudInit config={created.cloud_init_config} /> : null}
      {!rotated && !cloud ? <InstallSteps created={created} /> : null}
      <p className="mt-6">
        <Link to="/databronnen" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {L.backToList}
        </Link>
      </p>
    </section>
  );
}
