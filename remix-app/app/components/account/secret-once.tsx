import { useEffect, useState } from 'react';
import { API_TOKEN_LABELS as L } from '@datahub/domain';

export function SecretOnce({ title, note, secret, testId }: { title: string; note: string; secret: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), []);
  return (
    <div role="status" className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-4" data-testid={testId}>
      <p className="font-medium text-stone-900">{title}</p>
      <p className="mt-1 text-sm text-stone-700">{note}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="select-all break-all rounded bg-white px-2 py-1 font-mono text-sm text-stone-900">{secret}</code>
        {canCopy ? (
          <button
            type="button"
            className="rounded-md border border-stone-300 bg-white px-3 py-1 text-sm font-medium text-stone-800 hover:bg-stone-50"
            onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))}
          >
            {copied ? L.copied : L.copy}
          </button>
        ) : null}
      </div>
    </div>
  );
}
