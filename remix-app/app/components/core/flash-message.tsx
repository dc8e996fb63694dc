import { useEffect, useState } from 'react';
import { LIMITS } from '@datahub/domain';

/** Without JavaScript it stays on the page; with it, it disappears after LIMITS.confirmationMs. */
export function FlashMessage({ flash }: { flash: { id: string; message: string } | null }) {
  const [hiddenId, setHiddenId] = useState<string | null>(null);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setHiddenId(flash.id), LIMITS.confirmationMs);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const visible = flash && hiddenId !== flash.id;
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {visible ? (
        <p className="mb-6 flex items-center gap-2 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z"
              clipRule="evenodd"
            />
          </svg>
          {flash.message}
        </p>
      ) : null}
    </div>
  );
}
