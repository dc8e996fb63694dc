/** The Hub Protocol's token vocabulary (hub-protocol.md, "Tokens"), shared by hub and data source. */
export const HUB_ISSUER = 'datahub-portal-api';
export const HUB_AUDIENCE = 'datahub-portal-api';
export const MAX_TOKEN_LIFETIME_SECONDS = 300;
export const CLOCK_TOLERANCE_SECONDS = 30;

export const datasourceIssuer = (datasourceId: string) => `datahub-datasource:${datasourceId}`;
export const datasetAudience = (datasetId: string) => `datahub-dataset:${datasetId}`;

const DATASOURCE_ISSUER = /^datahub-datasource:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function datasourceIdFromIssuer(issuer: string): string | null {
  return DATASOURCE_ISSUER.exec(issuer)?.[1] ?? null;
}
