// Preload for a bench run (NODE_OPTIONS="--require <this file>", PROF_DIR=<folder>): every nest-api
// process counts its pg queries per SQL text (first 140 characters) and connection name, per second,
// and writes them to PROF_DIR/queries-api-<pid>.json when it stops. Sum a window (bench:mixed --cpu
// prints its epoch seconds) with: node query-sum.cjs <from> <to> <files…>. Issue 34: the statements
// a cluster adds per page (none per page; a few per second per process).
const script = process.argv[1] || '';
if (/dist\/main\.js$/.test(script) && require('node:worker_threads').isMainThread) {
  const Module = require('node:module');
  const fs = require('node:fs');
  const counts = new Map();
  let wrapped = false;
  const load = Module._load;
  Module._load = function (request) {
    const loaded = load.apply(this, arguments);
    if (!wrapped && request === 'pg' && loaded && loaded.Client) {
      wrapped = true;
      const query = loaded.Client.prototype.query;
      loaded.Client.prototype.query = function (config) {
        const text = typeof config === 'string' ? config : config && config.text;
        const key = `${String(text || '?').replace(/\s+/g, ' ').slice(0, 140)} | ${this.connectionParameters?.application_name || ''}`;
        const second = Math.floor(Date.now() / 1000);
        let bySecond = counts.get(key);
        if (!bySecond) counts.set(key, (bySecond = new Map()));
        bySecond.set(second, (bySecond.get(second) || 0) + 1);
        return query.apply(this, arguments);
      };
    }
    return loaded;
  };
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const rows = [...counts].map(([key, bySecond]) => [key, [...bySecond]]);
    fs.writeFileSync(`${process.env.PROF_DIR || '/tmp'}/queries-api-${process.pid}.json`, JSON.stringify(rows));
  };
  // Before nest-api's own SIGTERM handler, which ends the process by the signal (no 'exit' event).
  process.prependListener('SIGTERM', write);
  process.on('exit', write);
}
