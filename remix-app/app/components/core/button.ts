/** The portal's primary action, on buttons and links alike (one place for its look). */
const PRIMARY_BUTTON =
  'rounded-md bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** The secondary look: a page's other actions, quieter than its one primary action (issue 37). */
const SECONDARY_BUTTON =
  'rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 shadow-sm hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

export function secondaryButton(layout?: string): string {
  return layout ? `${layout} ${SECONDARY_BUTTON}` : SECONDARY_BUTTON;
}

/** The primary look, with the layout classes of the place it stands in (`inline-flex`, `w-full`, margins). */
export function primaryButton(layout?: string): string {
  return layout ? `${layout} ${PRIMARY_BUTTON}` : PRIMARY_BUTTON;
}
