import { useRouteLoaderData } from '@remix-run/react';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RATING_LABELS as L } from '@datahub/domain';
import type { loader as rootLoader } from '~/root';

/** Page visible, kept across pages. */
const ACTIVE_KEY = 'datahub-actieve-seconden';

interface RatingState {
  due: boolean;
  delay_seconds: number;
  max_rating: number;
  animation_ms: number;
}

export function RatingScale({ max, name = 'score', selected }: { max: number; name?: string; selected?: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{L.question}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {Array.from({ length: max }, (_, i) => String(i + 1)).map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-1 rounded-md border border-stone-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input type="radio" name={name} value={value} defaultChecked={selected === value} aria-label={L.score(Number(value), max)} />
            <span aria-hidden="true">{value}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Shown after RATING_DELAY seconds of active use, not again within RATING_INTERVAL (nest-api decides). Without JavaScript: on /profiel. */
export function RatingPrompt() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const [state, setState] = useState<RatingState | null>(null);
  const [shown, setShown] = useState(false);
  const [phase, setPhase] = useState<'ask' | 'thanks' | 'gone'>('ask');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    fetch('/beoordeling', { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<RatingState>) : null))
      .then((next) => {
        if (cancelled || !next?.due) return;
        setState(next);
        const tick = () => {
          const active = Number(sessionStorage.getItem(ACTIVE_KEY) ?? '0') + (document.visibilityState === 'visible' ? 1 : 0);
          sessionStorage.setItem(ACTIVE_KEY, String(active));
          if (active >= next.delay_seconds) {
            clearInterval(timer);
            setShown(true);
          }
        };
        tick();
        timer = setInterval(tick, 1000);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);

  if (!state || !shown || phase === 'gone' || !root) return null;

  const send = async (form: FormData) => {
    form.set(root.csrf.field, root.csrf.token);
    const response = await fetch('/beoordeling', { method: 'POST', body: form, credentials: 'same-origin' }).catch(() => null);
    if (!response?.ok) {
      const reply = (await response?.json().catch(() => null)) as { fieldErrors?: Record<string, string> } | null;
      setError(reply?.fieldErrors?.score ?? reply?.fieldErrors?.comment ?? L.scoreError(state.max_rating));
      return false;
    }
    return true;
  };
  const dismiss = async () => {
    const form = new FormData();
    form.set('action', 'dismiss');
    if (await send(form)) setPhase('gone');
  };

  return (
    <section
      aria-labelledby="beoordeling-titel"
      data-testid="rating-prompt"
      className="fixed bottom-4 right-4 z-30 w-[calc(100%-2rem)] max-w-sm animate-[rating-in_var(--rating-ms)_ease-out] rounded-lg border border-stone-200 bg-white p-4 shadow-xl motion-reduce:animate-none"
      style={{ ['--rating-ms' as string]: `${state.animation_ms}ms` }}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id="beoordeling-titel" className="font-semibold text-stone-900">
          {phase === 'thanks' ? L.thanks : L.profileTitle}
        </h2>
        <button type="button" onClick={() => void dismiss()} className="rounded-md p-1 text-stone-600 hover:bg-stone-100" aria-label={L.close}>
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      {phase === 'ask' ? (
        <form
          className="mt-3 space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            form.set('action', 'rate');
            void send(form).then((ok) => {
              if (!ok) return;
              setPhase('thanks');
              setTimeout(() => setPhase('gone'), 3000);
            });
          }}
        >
          <RatingScale max={state.max_rating} />
          <div>
            <label htmlFor="beoordeling-toelichting" className="block text-sm font-medium text-stone-800">
              {L.comment}
            </label>
            <textarea id="beoordeling-toelichting" name="comment" rows={2} maxLength={1000} className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-sm" />
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
              {L.submit}
            </button>
            <button type="button" onClick={() => void dismiss()} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100">
              {L.dismiss}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
