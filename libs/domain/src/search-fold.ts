/** Accented letters and what a search takes them for: 'cafe' finds 'Café' and the other way round (ë, é, ï …). */
export const SEARCH_ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüýÿñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝŸÑÇ';
export const SEARCH_PLAIN = 'aaaaaaeeeeiiiiooooouuuuyyncaaaaaaeeeeiiiiooooouuuuyync';

/** nest-api does the same in SQL with translate(). */
export function searchFolded(text: string): string {
  return Array.from(text.toLowerCase(), (c) => {
    const at = SEARCH_ACCENTED.indexOf(c);
    return at < 0 ? c : SEARCH_PLAIN[at];
  }).join('');
}
