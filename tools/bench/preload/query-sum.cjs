// node query-sum.cjs <from epoch s> <to epoch s> <queries-api-*.json…>: queries per SQL text in the window, most first.
const fs = require('node:fs');
const [from, to, ...files] = process.argv.slice(2);
const total = new Map();
for (const file of files)
  for (const [key, bySecond] of JSON.parse(fs.readFileSync(file, 'utf8'))) {
    let n = 0;
    for (const [second, count] of bySecond) if (second >= Number(from) && second < Number(to)) n += count;
    if (n) total.set(key, (total.get(key) || 0) + n);
  }
console.log(`all queries ${[...total.values()].reduce((a, b) => a + b, 0)}`);
for (const [key, n] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(String(n).padStart(7), key);
