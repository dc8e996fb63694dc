// npm run bench:cluster — bench:mixed against one API + one portal, then two of each behind haproxy (round robin, no sticky
// sessions), same options; prints pages/s and p99 per page kind side by side. Issue 34's bar: the cluster at most 15% slower in
// pages/s, no errors. Both runs count from the same warm-up (`--warmup`, default 15 s): a cold start costs the cluster twice,
// which a short run would count as lost throughput (docs/benchmarks.md).
import { spawn } from "node:child_process";
import { join } from "node:path";

const DEFAULT_WARMUP_S = 15;

interface Run {
  output: string;
  /** page kind → [count, p99 ms, errors] */
  kinds: Map<string, [number, number, number]>;
  pagesPerSecond: number;
}

function runMixed(args: string[]): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [join(__dirname, "mixed.bench.js"), ...args],
      { stdio: ["ignore", "pipe", "inherit"] }
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0)
        return reject(
          new Error(`bench:mixed ${args.join(" ")} exited with ${code}`)
        );
      const kinds = new Map<string, [number, number, number]>();
      for (const match of output.matchAll(
        /^\| (.+?) \| (\d+) \| \d+ ms \| \d+ ms \| (\d+) ms \| \d+ ms \| (\d+)/gm
      ))
        kinds.set(match[1], [
          Number(match[2]),
          Number(match[3]),
          Number(match[4]),
        ]);
      const pages = /pages in \d+ s: (\d+) pages\/s/.exec(output);
      resolvePromise({
        output,
        kinds,
        pagesPerSecond: Number(pages?.[1] ?? 0),
      });
    });
  });
}

async function main(): Promise<void> {
  const given = process.argv.slice(2);
  const warmupGiven = given.find(
    (arg) => arg === "--warmup" || arg.startsWith("--warmup=")
  );
  const args = warmupGiven
    ? given
    : [...given, "--warmup", String(DEFAULT_WARMUP_S)];
  const warmup =
    warmupGiven?.split("=")[1] ?? args[args.indexOf("--warmup") + 1];
  console.log(`warm-up before each run's measured seconds: ${warmup} s`);
  const duration = Number(args[args.indexOf("--duration") + 1]) || 60;
  console.log("== one API + one portal");
  const single = await runMixed(args);
  console.log("\n== two APIs + two portals behind haproxy");
  const cluster = await runMixed([...args, "--cluster"]);
  console.log(
    "\n| page kind | pages/s single | pages/s cluster | p99 single | p99 cluster | errors single / cluster |"
  );
  console.log("|---|---:|---:|---:|---:|---|");
  for (const [kind, [count, p99, errors]] of single.kinds) {
    const [clusterCount, clusterP99, clusterErrors] = cluster.kinds.get(
      kind
    ) ?? [0, 0, 0];
    console.log(
      `| ${kind} | ${(count / duration).toFixed(1)} | ${(
        clusterCount / duration
      ).toFixed(
        1
      )} | ${p99} ms | ${clusterP99} ms | ${errors} / ${clusterErrors} |`
    );
  }
  const ratio = cluster.pagesPerSecond / Math.max(1, single.pagesPerSecond);
  const errors = [...cluster.kinds.values()].reduce(
    (sum, [, , n]) => sum + n,
    0
  );
  console.log(
    `pages/s: single ${single.pagesPerSecond}, cluster ${
      cluster.pagesPerSecond
    }, ratio ${ratio.toFixed(2)}`
  );
  console.log(
    `bar (cluster ≥ 0.85 × single pages/s, no errors): ${
      ratio >= 0.85 && errors === 0 ? "met" : "NOT met"
    }`
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
