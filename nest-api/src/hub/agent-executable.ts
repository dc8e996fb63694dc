import { dirname, join } from 'node:path';

/** Built by datasource-agent's `npm run build` (scripts/build-executable.mjs). */
export const AGENT_EXECUTABLE_NAME = 'datahub-databron-linux-x64';

export function agentExecutablePath(): string {
  return join(dirname(require.resolve('datasource-agent/package.json')), 'dist-bin', AGENT_EXECUTABLE_NAME);
}

export function agentExecutableUrl(hubUrl: string): string {
  return `${hubUrl}/api/datasource-agent/${AGENT_EXECUTABLE_NAME}`;
}

/** Run beside the download and the credentials file; the key stays in that file, never on the command line where `ps` shows it. */
export function agentExecutableStartCommand(hubUrl: string, datasourceId: string): string {
  return `chmod +x ${AGENT_EXECUTABLE_NAME} && ./${AGENT_EXECUTABLE_NAME} --credentials datasource-credentials-${datasourceId}.json --data databron --hub ${hubUrl} --hub-connect --page-port 0`;
}

/** Shown once after creating: the key travels in DATAHUB_SLEUTEL (never an argument) and the data source writes its credentials file itself. */
export function agentExecutableFirstStartCommand(hubUrl: string, datasourceId: string, secret: string): string {
  const [chmod, start] = agentExecutableStartCommand(hubUrl, datasourceId).split(' && ');
  return `${chmod} && DATAHUB_SLEUTEL=${datasourceId}:${secret} ${start}`;
}
