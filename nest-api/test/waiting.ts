/** Polling helpers shared by the tests that start real processes (a second API, the reference data source). */

/** Probes every 250 ms until it gives a value; fails naming what it waited for after 60 s. */
export async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until `url` answers 2xx (a process that is still starting refuses connections). */
export async function waitForHealth(url: string): Promise<void> {
  await until(async () => ((await fetch(url).then((r) => r.ok, () => false)) ? true : undefined), `${url} to be healthy`);
}
