/** Also named in the portal's step-by-step guide. */
export const VM_PATHS = {
  credentials: '/etc/datahub/credentials.json',
  hostnameOverride: '/etc/datahub/hostname',
  agentEnv: '/etc/datahub/agent.env',
  data: '/var/lib/datahub/datasets',
  hostnameScript: '/usr/local/sbin/datahub-public-hostname',
  service: '/etc/systemd/system/datahub-datasource.service',
} as const;

/** Loopback only; Caddy answers on 80 and 443 in front of it. */
export const VM_AGENT_PORT = 8080;

/** The name Caddy certifies (the hub calls over https only): /etc/datahub/hostname, else Azure's {name}.{location}.cloudapp.azure.com. */
export const PUBLIC_HOSTNAME_SCRIPT = `#!/bin/sh
set -eu
own=$(sed -e 's/#.*//' ${VM_PATHS.hostnameOverride} 2>/dev/null | tr -d ' \\t\\r\\n' || true)
if [ -n "$own" ]; then echo "$own"; exit 0; fi
imds() { curl -fsS --max-time 5 -H Metadata:true "http://169.254.169.254/metadata/instance/compute/$1?api-version=2021-02-01&format=text"; }
if name=$(imds name) && location=$(imds location); then
  echo "$name.$location.cloudapp.azure.com" | tr '[:upper:]' '[:lower:]'
  exit 0
fi
hostname --fqdn
`;

function indent(text: string, spaces: number): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line ? ' '.repeat(spaces) + line : line))
    .join('\n');
}

export function agentInstallCommand(hubUrl: string): string {
  return `npm install --global --omit=dev ${hubUrl}/api/datasource-agent/package.tgz`;
}

export function agentPort(hostname: string | null): number {
  const port = hostname ? /:(\d{1,5})$/.exec(hostname)?.[1] : undefined;
  return port ? Number(port) : VM_AGENT_PORT;
}

export function agentStartCommand(hubUrl: string, datasourceId: string, hostname: string | null = null): string {
  return `datasource-agent --credentials datasource-credentials-${datasourceId}.json --data datasets --hub ${hubUrl} --port ${agentPort(hostname)}`;
}

function vmAgentArguments(hubUrl: string): string[] {
  return ['--credentials', VM_PATHS.credentials, '--data', VM_PATHS.data, '--hub', hubUrl, '--port', String(VM_AGENT_PORT), '--host', '127.0.0.1', '--public-hostname', '${DATAHUB_PUBLIC_HOSTNAME}'];
}

/** Node.js 20, Caddy (automatic HTTPS) in front, the agent from this hub as a systemd service; credentials readable by its user only. */
export function cloudInitConfig(params: { hubUrl: string; credentialsJson: string; hostname?: string | null }): string {
  const service = `[Unit]
Description=Datahub Tuinbouw reference data source
After=network-online.target
Wants=network-online.target
[Service]
User=datahub
Group=datahub
EnvironmentFile=${VM_PATHS.agentEnv}
ExecStart=/usr/bin/datasource-agent ${vmAgentArguments(params.hubUrl).join(' ')}
Restart=always
RestartSec=5
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
ReadWritePaths=/var/lib/datahub
[Install]
WantedBy=multi-user.target
`;
  return `#cloud-config
package_update: true
packages:
  - ca-certificates
  - curl
  - gnupg
users:
  - default
  - name: datahub
    system: true
    homedir: /var/lib/datahub
    shell: /usr/sbin/nologin
write_files:
  - path: ${VM_PATHS.credentials}
    permissions: '0600'
    content: |
${indent(params.credentialsJson, 6)}
  - path: ${VM_PATHS.hostnameOverride}
    permissions: '0644'
    content: |
      # Eigen domeinnaam voor deze databron? Zet hem op de volgende regel (bijv. data.kwekerij.nl).
${params.hostname ? `      ${params.hostname}\n` : ''}  - path: ${VM_PATHS.data}/datasets.yaml
    content: |
      # Zet .ttl-bestanden in deze map en beschrijf ze hier (file, name, about, contact, additional_info).
      datasets: []
  - path: ${VM_PATHS.hostnameScript}
    permissions: '0755'
    content: |
${indent(PUBLIC_HOSTNAME_SCRIPT, 6)}
  - path: ${VM_PATHS.service}
    content: |
${indent(service, 6)}
runcmd:
  - mkdir -p /etc/apt/keyrings
  - curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key | gpg --dearmor -o /etc/apt/keyrings/nodesource.gpg
  - echo "deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_20.x nodistro main" > /etc/apt/sources.list.d/nodesource.list
  - curl -fsSL https://dl.cloudsmith.io/public/caddy/stable/gpg.key | gpg --dearmor -o /etc/apt/keyrings/caddy-stable.gpg
  - echo "deb [signed-by=/etc/apt/keyrings/caddy-stable.gpg] https://dl.cloudsmith.io/public/caddy/stable/deb/debian any-version main" > /etc/apt/sources.list.d/caddy-stable.list
  - apt-get update && apt-get install -y nodejs caddy
  - ${agentInstallCommand(params.hubUrl)}
  - chown -R datahub:datahub /var/lib/datahub ${VM_PATHS.credentials}
  - echo "DATAHUB_PUBLIC_HOSTNAME=$(${VM_PATHS.hostnameScript})" > ${VM_PATHS.agentEnv}
  - printf '%s {\\n\\treverse_proxy 127.0.0.1:${VM_AGENT_PORT}\\n}\\n' "$(${VM_PATHS.hostnameScript})" > /etc/caddy/Caddyfile
  - systemctl restart caddy
  - systemctl daemon-reload
  - systemctl enable --now datahub-datasource.service
`;
}
