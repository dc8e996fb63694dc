const PRIMARY_BUTTON =
  'rounded-md bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** A page's other actions, quieter than its one primary action. */
const SECONDARY_BUTTON =
  'rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 shadow-sm hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

export function secondaryButton(layout?: string): string {
  return layout ? `${layout} ${SECONDARY_BUTTON}` : SECONDARY_BUTTON;
}

export function primaryButton(layout?: string): string {
  return layout ? `${layout} ${PRIMARY_BUTTON}` : PRIMARY_BUTTON;
}
