import { Link } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { DATASET_LABELS, DATASOURCE_DETAIL_LABELS } from '@datahub/domain';
import type { CreatedDatasourceView } from '@datahub/api-client';
import { credentialsDataUrl, credentialsFileName } from '~/lib/datasets/datasets';
import { sectionClass } from '~/components/datasets/dataset-cards';
import { primaryButton } from '~/components/core/button';
import { ScrollRegion } from '~/components/core/scroll-region';

const L = DATASET_LABELS.datasourceCreate;
const D = DATASOURCE_DETAIL_LABELS;

/** With JavaScript a copy button; without it (or when the clipboard refuses) the command stays plain selectable text. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState('');
  if (!hydrated) return null;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setSaid(D.copied),
      () => setSaid(D.copyFailed),
    );
  return (
    <span className="mt-1 flex items-center gap-3">
      <button
        type="button"
        onClick={copy}
        className="rounded-md border border-stone-300 px-3 py-1 text-xs font-medium text-stone-700 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {D.copy}
        {/* Named by its content, not aria-label: the command box alone carries the label's name. */}
        <span className="sr-only">: {label}</span>
      </button>
      <span role="status" className="text-xs text-stone-600">
        {said}
      </span>
    </span>
  );
}

function Command({ label, command }: { label: string; command: string }) {
  return (
    <>
      <ScrollRegion label={label} className="mt-2 rounded-md border border-stone-300 bg-stone-50">
        <pre className="select-all p-3 font-mono text-xs text-stone-900">
          <code>{command}</code>
        </pre>
      </ScrollRegion>
      <CopyButton text={command} label={label} />
    </>
  );
}

/** The port in a start line ('--port 8443'); the HTTPS step names the same one. */
const startPort = (command: string) => Number(/--port (\d+)/.exec(command)?.[1] ?? 8080);

/** No secret in it, so the steps stay on the page until the first contact. */
export function InstallSteps({
  created,
  heading = true,
}: {
  created: Pick<CreatedDatasourceView, 'install_command' | 'start_command' | 'hostname' | 'executable_url' | 'executable_start_command'> &
    Partial<Pick<CreatedDatasourceView, 'executable_first_start_command'>>;
  heading?: boolean;
}) {
  return (
    <>
      <GrowerSteps created={created} />
      <section aria-labelledby={heading ? 'databron-installatie' : undefined} aria-label={heading ? undefined : D.installTitle} className="mt-6" data-testid="install-steps">
        {heading ? (
          <h3 id="databron-installatie" className="font-semibold text-stone-900">
            {D.installTitle}
          </h3>
        ) : null}
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
          <li>{created.hostname ? D.installSteps.https(created.hostname, startPort(created.start_command)) : D.installSteps.httpsNoHostname}</li>
        </ol>
      </section>
    </>
  );
}

/** The grower's way: one downloaded file that dials the hub, started next to the credentials file. */
function GrowerSteps({ created }: { created: Pick<CreatedDatasourceView, 'executable_url' | 'executable_start_command'> & Partial<Pick<CreatedDatasourceView, 'executable_first_start_command'>> }) {
  // Shown once after creating: the line with the key, so the grower downloads the one file only.
  const keyed = created.executable_first_start_command;
  return (
    <section aria-labelledby="databron-zonder-server" className="mt-6" data-testid="grower-steps">
      <h3 id="databron-zonder-server" className="font-semibold text-stone-900">
        {D.growerTitle}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{D.growerIntro}</p>
      <ol className="mt-3 list-decimal space-y-3 pl-5 text-sm text-stone-800">
        <li>
          {D.growerSteps.download}{' '}
          <a href={created.executable_url} download className="font-medium text-brand-700 underline">
            {D.executableLink}
          </a>
        </li>
        {keyed ? null : <li>{D.growerSteps.credentials}</li>}
        <li>
          {keyed ? D.growerSteps.startWithKey : D.growerSteps.start}
          <Command label={D.executableStartLabel} command={keyed ?? created.executable_start_command} />
        </li>
        <li>{D.growerSteps.page}</li>
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

/** Shown this once after creating or a new key: the download (no JavaScript needed), then cloud-init, install steps or where the key goes. */
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
