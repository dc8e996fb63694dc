import type { ApplicationRow } from './applications.repository';
import type { ApplicationView } from './dto/application.dto';

export function toApplicationView(application: ApplicationRow): ApplicationView {
  return {
    application_id: application.id,
    slug: application.slug,
    name: application.name,
    about: application.about,
    usage: application.usage,
    owner_organization: application.owner_organization_id,
    owner_organization_name: application.owner_name,
    owner_organization_slug: application.owner_slug,
    category: application.category,
    url: application.url,
    url_licence_server: application.url_licence_server,
    url_privacy_statement: application.url_privacy_statement,
    url_terms_of_delivery: application.url_terms_of_delivery,
    price_per_year: application.price_per_year === null ? null : Number(application.price_per_year),
    logo_url: application.logo_url,
    datasource_id: application.datasource_id,
  };
}
