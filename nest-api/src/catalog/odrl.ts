import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATASET_SCOPES } from '@datahub/domain';

export const ODRL = 'http://www.w3.org/ns/odrl/2/';

export function hubProfile(base: string): string {
  return `${base}/api/odrl/profile`;
}

export function hubProfileIri(base: string): string {
  return `${hubProfile(base)}#`;
}

let profileText: string | null = null;

/** The kept profile, read once; the same path from src/ (tests) and dist/ (build). */
export function hubProfileTurtle(): string {
  profileText ??= readFileSync(join(__dirname, '..', '..', 'odrl', 'hub-profile.ttl'), 'utf8');
  return profileText;
}

function amsterdamOffset(date: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Amsterdam', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T21:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = name?.replace('GMT', '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/** A machtiging is valid through its expiration date in Amsterdam: the last instant of that day there. */
export function endOfAmsterdamDay(date: string): string {
  return `${date}T23:59:59${amsterdamOffset(date)}`;
}

export interface AgreementSource {
  authorisation_assignment_id: string;
  authorisation: string;
  authorisation_label: string;
  dataset_slug: string;
  dataset_name: string;
  owner_organization_slug: string;
  owner_organization_name: string;
  assignee_organization_slug: string;
  assignee_organization_name: string;
  expiration_date: string | null;
  created_at: string;
}

/** The category as a constraint of the hub's profile (none for 'all data'), the expiry as odrl:dateTime lteq; the context is inline. */
export function agreement(base: string, source: AgreementSource): Record<string, unknown> {
  const profile = hubProfile(base);
  const id = `${base}/api/authorisations/${source.authorisation_assignment_id}`;
  const owner = `${base}/organisatie/${encodeURIComponent(source.owner_organization_slug)}`;
  const assignee = `${base}/organisatie/${encodeURIComponent(source.assignee_organization_slug)}`;
  const target = `${base}/dataset/${encodeURIComponent(source.dataset_slug)}`;
  const category = DATASET_SCOPES.find((entry) => entry.scope === source.authorisation)?.category ?? null;
  const constraints: Record<string, unknown>[] = [];
  if (category) {
    constraints.push({ leftOperand: { '@id': 'hub:category' }, operator: { '@id': 'odrl:eq' }, rightOperand: category });
  }
  if (source.expiration_date) {
    constraints.push({
      leftOperand: { '@id': 'odrl:dateTime' },
      operator: { '@id': 'odrl:lteq' },
      rightOperand: { '@value': endOfAmsterdamDay(source.expiration_date), '@type': 'xsd:dateTime' },
    });
  }
  return {
    '@context': {
      odrl: ODRL,
      dct: 'http://purl.org/dc/terms/',
      foaf: 'http://xmlns.com/foaf/0.1/',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
      hub: `${profile}#`,
      uid: { '@id': 'odrl:uid', '@type': '@id' },
      profile: { '@id': 'odrl:profile', '@type': '@id' },
      assigner: { '@id': 'odrl:assigner', '@type': '@id' },
      assignee: { '@id': 'odrl:assignee', '@type': '@id' },
      target: { '@id': 'odrl:target', '@type': '@id' },
      permission: { '@id': 'odrl:permission', '@container': '@set' },
      action: { '@id': 'odrl:action', '@type': '@id' },
      constraint: { '@id': 'odrl:constraint', '@container': '@set' },
      leftOperand: { '@id': 'odrl:leftOperand', '@type': '@id' },
      operator: { '@id': 'odrl:operator', '@type': '@id' },
      rightOperand: { '@id': 'odrl:rightOperand' },
    },
    '@id': id,
    '@type': 'odrl:Agreement',
    uid: id,
    profile,
    'dct:title': { '@value': `Machtiging: ${source.authorisation_label} van ${source.dataset_name || source.dataset_slug}`, '@language': 'nl' },
    'dct:issued': { '@value': source.created_at, '@type': 'xsd:dateTime' },
    assigner: owner,
    assignee,
    target,
    '@included': [
      { '@id': owner, '@type': ['odrl:Party', 'foaf:Organization'], 'foaf:name': source.owner_organization_name },
      { '@id': assignee, '@type': ['odrl:Party', 'foaf:Organization'], 'foaf:name': source.assignee_organization_name },
    ],
    permission: [{ target, action: 'odrl:read', assigner: owner, assignee, constraint: constraints }],
  };
}

export function wantsJsonLd(accept: string | undefined): boolean {
  const q = (media: string) => {
    const range = (accept ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .find(([name]) => name.trim() === media);
    if (!range) return 0;
    const value = range.slice(1).map((p) => p.trim()).find((p) => p.startsWith('q='));
    return value === undefined ? 1 : Number(value.slice(2)) || 0;
  };
  return q('application/ld+json') > 0 && q('application/ld+json') >= q('application/json');
}

export function sendAgreement(reply: { header(name: string, value: string): unknown; type(media: string): unknown }, publicUrl: string, source: AgreementSource): string {
  reply.header('vary', 'Accept');
  reply.type('application/ld+json; charset=utf-8');
  return JSON.stringify(agreement(publicUrl.replace(/\/$/, ''), source));
}
