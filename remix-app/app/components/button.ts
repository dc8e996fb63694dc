/** The portal's primary action, on buttons and links alike (one place for its look). */
const PRIMARY_BUTTON =
  'rounded-md bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** The primary look, with the layout classes of the place it stands in (`inline-flex`, `w-full`, margins). */
export function primaryButton(layout?: string): string {
  return layout ? `${layout} ${PRIMARY_BUTTON}` : PRIMARY_BUTTON;
}
