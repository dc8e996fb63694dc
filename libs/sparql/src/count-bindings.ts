/**
 * The number of rows in a SPARQL JSON results document, without parsing it: counting is all the
 * hub needs for an answer under the row cap, and JSON.parse of a large answer costs more than the
 * query itself. Strings are skipped whole (a literal may contain braces), so only the structure of
 * the `bindings` array is read.
 */
export function countBindings(json: string): number {
  const start = json.indexOf('"bindings":[');
  if (start === -1) return 0;
  let depth = 0;
  let rows = 0;
  let index = start + '"bindings":['.length;
  while (index < json.length) {
    const code = json.charCodeAt(index);
    if (code === 0x22) {
      index = endOfString(json, index + 1);
      continue;
    }
    if (code === 0x7b) {
      if (depth === 0) rows += 1;
      depth += 1;
    } else if (code === 0x7d) depth -= 1;
    else if (code === 0x5d && depth === 0) break;
    index += 1;
  }
  return rows;
}

/** The index after the closing quote of the string whose content starts at `from`. */
function endOfString(json: string, from: number): number {
  for (;;) {
    const quote = json.indexOf('"', from);
    if (quote === -1) return json.length;
    let backslashes = 0;
    for (let k = quote - 1; json.charCodeAt(k) === 0x5c; k -= 1) backslashes += 1;
    from = quote + 1;
    if (backslashes % 2 === 0) return from;
  }
}
