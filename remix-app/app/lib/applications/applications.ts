import type { ApplicationDto, ApplicationView } from '@datahub/api-client';

export type { ApplicationView };

export type ApplicationCardData = Pick<ApplicationView, 'slug' | 'name' | 'owner_organization_name' | 'logo_url'>;

export function toApplicationCard(application: ApplicationView): ApplicationCardData {
  return {
    slug: application.slug,
    name: application.name,
    owner_organization_name: application.owner_organization_name,
    logo_url: application.logo_url,
  };
}

export type ApplicationFormField =
  | 'name'
  | 'owner_organization'
  | 'about'
  | 'usage'
  | 'category'
  | 'price_per_year'
  | 'url'
  | 'url_terms_of_delivery'
  | 'url_privacy_statement'
  | 'url_licence_server'
  | 'datasource_id';
export type ApplicationFormValues = Partial<Record<ApplicationFormField, string>>;

export function formValuesOf(application: ApplicationView): ApplicationFormValues {
  return {
    name: application.name,
    owner_organization: application.owner_organization,
    about: application.about,
    usage: application.usage,
    category: application.category ?? '',
    price_per_year: application.price_per_year === null ? '' : String(application.price_per_year).replace('.', ','),
    url: application.url,
    url_terms_of_delivery: application.url_terms_of_delivery ?? '',
    url_privacy_statement: application.url_privacy_statement ?? '',
    url_licence_server: application.url_licence_server ?? '',
    datasource_id: application.datasource_id ?? '',
  };
}

/** Anything but a number is sent as typed, so the API answers with 'prijs per jaar moet in cijfers zijn'. */
export function parsePrice(value: string): number | string | null {
  const trimmed = value.trim().replace(/^€\s*/, '');
  if (!trimmed) return null;
  const normalized = /,\d{1,2}$/.test(trimmed) ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return value;
  return Number(normalized);
}

/** Empty optional fields as null, absent ones left out. */
export function applicationBody(formData: FormData): ApplicationDto {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  const body: ApplicationDto = {
    name: text('name'),
    owner_organization: text('owner_organization'),
    about: text('about'),
    usage: text('usage'),
    category: (text('category') || null) as ApplicationDto['category'],
    price_per_year: parsePrice(text('price_per_year')) as number | null,
    url: text('url'),
    url_terms_of_delivery: text('url_terms_of_delivery') || null,
    url_privacy_statement: text('url_privacy_statement') || null,
    url_licence_server: text('url_licence_server') || null,
  };
  if (formData.has('datasource_id')) body.datasource_id = text('datasource_id') || null;
  return body;
}
