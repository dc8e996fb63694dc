import { useEffect, useRef, useState } from 'react';
import { SPARQL_LABELS } from '@datahub/domain';
import type { CompletionTerms } from '~/lib/datasets/sparql-editor.client';

const L = SPARQL_LABELS;
const LABEL_ID = 'sparql_query_label';

/** Without JavaScript a textarea (what the form posts); with it the CodeMirror editor takes its place and writes every change back. */
export function SparqlEditor({ defaultValue, completion }: { defaultValue: string; completion: CompletionTerms }) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => {
    let destroy: (() => void) | undefined;
    let cancelled = false;
    void import('~/lib/datasets/sparql-editor.client').then(({ createEditor }) => {
      if (cancelled || !textarea.current || !host.current) return;
      const view = createEditor(host.current, textarea.current, completion, LABEL_ID);
      destroy = () => view.destroy();
      setEnhanced(true);
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
    // The editor is made once per mount; the section remounts it for a new query (its key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <label id={LABEL_ID} htmlFor="sparql_query" className="block text-sm font-medium text-stone-800">
        {L.inputLabel}
      </label>
      <textarea
        ref={textarea}
        id="sparql_query"
        name="sparql_query"
        rows={6}
        required
        hidden={enhanced}
        placeholder={L.placeholder}
        defaultValue={defaultValue}
        className={
          enhanced ? 'hidden' : 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-mono text-sm text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500'
        }
      />
      <div
        ref={host}
        data-testid="sparql-editor"
        className={enhanced ? 'mt-1 min-h-[9rem] rounded-md border border-stone-300 font-mono text-sm shadow-sm focus-within:ring-2 focus-within:ring-brand-500' : 'hidden'}
      />
    </>
  );
}
