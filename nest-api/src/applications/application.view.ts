import type { Application } from './application.entity';
import type { ApplicationView } from './dto/application.dto';

/** Needs ownerOrganization loaded. */
export function toApplicationView(application: Application): ApplicationView {
  return {
    application_id: application.id,
    slug: application.slug,
    name: application.name,
    about: application.about,
    usage: application.usage,
    owner_organization: application.ownerOrganizationId,
    owner_organization_name: application.ownerOrganization.name,
    owner_organization_slug: application.ownerOrganization.slug,
    category: application.category,
    url: application.url,
    url_licence_server: application.urlLicenceServer,
    url_privacy_statement: application.urlPrivacyStatement,
    url_terms_of_delivery: application.urlTermsOfDelivery,
    price_per_year: application.pricePerYear === null ? null : Number(application.pricePerYear),
    logo_url: application.logoUrl,
    datasource_id: application.datasourceId,
  };
}
