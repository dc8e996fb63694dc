/**
 * A #cloud-config document for a fresh Ubuntu VM: Node.js 20, the reference data source package
 * served by this hub, the credentials file, and a systemd service answering on port 80.
 */
export function cloudInitConfig(params: { hubUrl: string; credentialsJson: string }): string {
  const indent = (text: string, spaces: number) =>
    text
      .split('\n')
      .map((line) => ' '.repeat(spaces) + line)
      .join('\n');
  return `#cloud-config
package_update: true
packages:
  - ca-certificates
  - curl
  - gnupg
write_files:
  - path: /etc/datahub/credentials.json
    permissions: '0600'
    content: |
${indent(params.credentialsJson, 6)}
  - path: /var/lib/datahub/datasets/datasets.yaml
    content: |
      # Zet .ttl-bestanden in deze map en beschrijf ze hier (name, about, contact, additional_info).
      datasets: []
  - path: /etc/systemd/system/datahub-datasource.service
    content: |
      [Unit]
      Description=Datahub Tuinbouw reference data source
      After=network-online.target
      Wants=network-online.target
      [Service]
      ExecStart=/usr/bin/datasource-agent --credentials /etc/datahub/credentials.json --data /var/lib/datahub/datasets --hub ${params.hubUrl} --port 80 --host 0.0.0.0
      Restart=always
      AmbientCapabilities=CAP_NET_BIND_SERVICE
      DynamicUser=yes
      ReadWritePaths=/var/lib/datahub
      [Install]
      WantedBy=multi-user.target
runcmd:
  - mkdir -p /etc/apt/keyrings
  - curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key | gpg --dearmor -o /etc/apt/keyrings/nodesource.gpg
  - echo "deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_20.x nodistro main" > /etc/apt/sources.list.d/nodesource.list
  - apt-get update && apt-get install -y nodejs
  - npm install --global --omit=dev ${params.hubUrl}/api/datasource-agent/package.tgz
  - chmod 0644 /etc/datahub/credentials.json
  - systemctl daemon-reload
  - systemctl enable --now datahub-datasource.service
`;
}
