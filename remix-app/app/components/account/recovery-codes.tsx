import { TWO_FACTOR_LABELS as L } from '@datahub/domain';

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${L.recoveryHeading}\n\n${codes.join('\n')}\n`)}`;
  return (
    <div role="status" className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-4" data-testid="herstelcodes">
      <p className="font-medium text-stone-900">{L.enabled}</p>
      <h3 className="mt-3 font-medium text-stone-900">{L.recoveryHeading}</h3>
      <p className="mt-1 text-sm text-stone-700">{L.recoveryIntro}</p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-stone-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="select-all rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <a href={file} download={L.recoveryFileName} className="font-medium text-brand-700 underline underline-offset-2">
          {L.recoveryDownload}
        </a>
      </p>
      <p className="mt-1 text-sm text-stone-600">{L.recoveryPrint}</p>
    </div>
  );
}
