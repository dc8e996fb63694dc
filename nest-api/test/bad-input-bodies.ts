/**
 * The bad-input suite's second half: wrong values inside an otherwise valid body, sent to an object
 * that exists. Sent alone (the first half), a `null` or a huge number is refused for the missing
 * required fields, or the made-up id answers 404, before the value reaches the database; that is how
 * `null` names and a 9.9e307 price got past the suite as 500s (issue 19, item 9).
 */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  example?: unknown;
  oneOf?: Schema[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

/** Real objects of the actor's own, by the kind the path names. */
export interface RealObjects {
  userId: string;
  organizationId: string;
  organizationSlug: string;
  applicationId?: string;
  datasourceId?: string;
  /** A machtiging card of the actor's organisation: its dataset and the receiving organisation. */
  authorisationGroup?: { datasetId: string; organizationId: string };
}

/** A path with its parameters set to the actor's own objects where the path's kind is known; undefined when one is not. */
export function realPath(path: string, objects: RealObjects): string | undefined {
  if (path === '/api/authorisation-groups/{dataset_id}/{organization_id}') {
    const group = objects.authorisationGroup;
    return group ? `/api/authorisation-groups/${group.datasetId}/${group.organizationId}` : undefined;
  }
  let unknown = false;
  const filled = path.replace(/\/([a-z-]+)\/\{([a-z_]+)\}/g, (whole, kind: string, name: string) => {
    const value =
      kind === 'users' ? objects.userId
      : kind === 'organizations' ? (name === 'slug' ? objects.organizationSlug : objects.organizationId)
      : kind === 'applications' ? objects.applicationId
      : kind === 'datasources' ? objects.datasourceId
      : undefined;
    if (value === undefined) unknown = true;
    return `/${kind}/${value}`;
  });
  return unknown || filled.includes('{') ? undefined : filled;
}

/** A value the schema takes: its example, or one of its type; organisation ids are the actor's own. */
function validValue(name: string, schema: Schema, objects: RealObjects): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.format === 'uuid') return /organi[sz]ation/.test(name) ? objects.organizationId : '00000000-0000-4000-8000-000000000000';
  if (schema.type === 'array') return [];
  if (schema.type === 'number' || schema.type === 'integer') return 1;
  if (schema.type === 'boolean') return true;
  return 'Tekst';
}

/** The required properties, each with a value the schema takes. */
export function validBody(schema: Schema, objects: RealObjects): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? []) body[name] = validValue(name, schema.properties?.[name] ?? {}, objects);
  return body;
}

export function isNumeric(schema: Schema | undefined): boolean {
  return !!schema && (schema.type === 'number' || schema.type === 'integer' || !!schema.oneOf?.some(isNumeric));
}

/** Numbers no column takes: beyond numeric(12, 2), beyond a double's integers, beyond int4, too precise. */
export const HUGE_NUMBERS: [string, number][] = [
  ['9.9e307', 9.9e307],
  ['1e11', 1e11],
  ['-9.9e307', -9.9e307],
  ['1e21', 1e21],
  ['2^53 + 2', 2 ** 53 + 2],
  ['2^31', 2 ** 31],
  ['1e-7', 1e-7],
];
