import type { ReactNode } from 'react';

/** Keyboard users must reach and scroll it (WCAG 2.1.1, axe `scrollable-region-focusable`), so it is a named, focusable region. */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${className}`}>
      {children}
    </div>
  );
}
