import { dirname, join } from 'node:path';

/** The one-file data source for Linux x64 (issue 35): built by datasource-agent's `npm run build` (scripts/build-executable.mjs). */
export const AGENT_EXECUTABLE_NAME = 'datahub-databron-linux-x64';

export function agentExecutablePath(): string {
  return join(dirname(require.resolve('datasource-agent/package.json')), 'dist-bin', AGENT_EXECUTABLE_NAME);
}

/** Where the hub offers it: `{hubUrl}/api/datasource-agent/datahub-databron-linux-x64`. */
export function agentExecutableUrl(hubUrl: string): string {
  return `${hubUrl}/api/datasource-agent/${AGENT_EXECUTABLE_NAME}`;
}

/**
 * The grower's one start line, run in the folder holding the download and the credentials file
 * (the key stays in that file, never on the command line where other users' `ps` would see it):
 * outbound mode, data folder `databron` created beside it, and the local page with its one-time link.
 */
export function agentExecutableStartCommand(hubUrl: string, datasourceId: string): string {
  return `chmod +x ${AGENT_EXECUTABLE_NAME} && ./${AGENT_EXECUTABLE_NAME} --credentials datasource-credentials-${datasourceId}.json --data databron --hub ${hubUrl} --hub-connect --page-port 0`;
}

/**
 * The same line as shown once, right after creating the data source: it carries the key in the
 * environment (DATAHUB_SLEUTEL, never an argument other users' `ps` shows), and the data source
 * writes the credentials file beside itself, so the grower downloads one file only. Later starts
 * use the line above.
 */
export function agentExecutableFirstStartCommand(hubUrl: string, datasourceId: string, secret: string): string {
  const [chmod, start] = agentExecutableStartCommand(hubUrl, datasourceId).split(' && ');
  return `${chmod} && DATAHUB_SLEUTEL=${datasourceId}:${secret} ${start}`;
}
