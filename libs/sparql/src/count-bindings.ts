/** Counts rows without JSON.parse, which costs more than the query on a large answer; strings are skipped whole (a literal may contain braces). */
export function countBindings(json: string): number {
  const start = json.indexOf('"bindings":[');
  if (start === -1) return 0;
  // No empty object anywhere (so no empty row): rows are counted by their starts alone.
  if (json.indexOf('{}', start) === -1) return countRowStarts(json, start);
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

// A row starts after `"bindings":[` or at `},{"` plus a variable name; inside a string that cannot happen, as a string holds no bare quote.
function countRowStarts(json: string, start: number): number {
  let rows = json.charCodeAt(start + '"bindings":['.length) === 0x7b ? 1 : 0;
  for (let index = json.indexOf('},{"', start); index !== -1; index = json.indexOf('},{"', index + 4)) {
    const next = json.charCodeAt(index + 4);
    if (next !== 0x2c && next !== 0x7d && next !== 0x3a && next !== 0x5d) rows += 1;
  }
  return rows;
}
