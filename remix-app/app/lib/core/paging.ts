/** 'Meer laden' is a link to a longer page (`?aantal=`), so it works without JavaScript. */
export const PAGE_SIZE = 50;
export const MAX_SHOWN = 500;

export function shownCount(request: Request): number {
  const asked = Number(new URL(request.url).searchParams.get('aantal'));
  if (!Number.isInteger(asked) || asked < PAGE_SIZE) return PAGE_SIZE;
  return Math.min(MAX_SHOWN, Math.ceil(asked / PAGE_SIZE) * PAGE_SIZE);
}

export function moreHref(query: string, shown: number): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  params.set('aantal', String(shown + PAGE_SIZE));
  return `?${params.toString()}`;
}
