// Preload for a bench run (NODE_OPTIONS="--require <this file>", PROF_DIR=<folder>): nest-api and
// portal processes write a V8 CPU profile (1 ms sampling) to PROF_DIR/<api|portal>-<pid>.cpuprofile
// when they stop (Node refuses --cpu-prof in NODE_OPTIONS). Open it in Chrome's DevTools.
const script = process.argv[1] || '';
const name = /dist\/main\.js$/.test(script) ? 'api' : /server\.js$/.test(script) ? 'portal' : null;
if (name && require('node:worker_threads').isMainThread) {
  const inspector = require('node:inspector');
  const fs = require('node:fs');
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // The in-process session answers synchronously: the file is written before the process goes.
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(`${process.env.PROF_DIR || '/tmp'}/${name}-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  };
  process.prependListener('SIGTERM', write);
  process.on('exit', write);
}
