/** From the slug, so an organisation's colour is the same everywhere; white initials pass WCAG AA on each (avatar-colour.test.ts). */
export const AVATAR_COLOURS: readonly string[] = [
  '#25572c', // brand-700
  '#0f766e', // teal-700
  '#155e75', // cyan-800
  '#1d4ed8', // blue-700
  '#4338ca', // indigo-700
  '#6d28d9', // violet-700
  '#86198f', // fuchsia-800
  '#9d174d', // pink-800
  '#be123c', // rose-700
  '#9a3412', // orange-800
  '#92400e', // amber-800
  '#3f6212', // lime-800
  '#44403c', // stone-700
  '#075985', // sky-800
];

export const AVATAR_TEXT = '#ffffff';

/** FNV-1a: small, stable across runtimes, spreads similar slugs apart. */
function hash(key: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    value ^= key.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The name where a page has no slug. */
export function avatarColourIndex(key: string): number {
  return hash(key) % AVATAR_COLOURS.length;
}

export function avatarStyle(key: string): { backgroundColor: string; color: string } {
  return { backgroundColor: AVATAR_COLOURS[avatarColourIndex(key)]!, color: AVATAR_TEXT };
}
