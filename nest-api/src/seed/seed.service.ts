import { Inject, Injectable, Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Role } from '@datahub/domain';
import { hashPassword } from '../auth/password';
import { APP_CONFIG } from '../config/config.module';
import { DEMO_PASSWORD, type AppConfig } from '../config/config';
import type { Organization } from '../organizations/organization.entity';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { DatasourcesService } from '../datasources/datasources.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersRepository } from '../users/users.repository';
import { SeedRepository } from './seed.repository';

interface SeedUser {
  email: string;
  firstname: string;
  lastname: string;
  organization: string;
  roles: Role[];
}

const DEMO_ORGANIZATIONS = [
  { name: 'Kwekerij Delta', domain: 'kwekerij-delta.test' },
  { name: 'Kassenbouw West', domain: null },
] as const;

const DEMO_DATASOURCE_NAME = 'Kasdata Kwekerij Delta';

const DEMO_APPLICATIONS = [
  {
    slug: 'kasontwerp-studio',
    name: 'Kasontwerp Studio',
    owner: 'Kassenbouw West',
    category: 'Kassenbouw',
    pricePerYear: '2400.00',
    url: 'https://kasontwerp-studio.example.nl/',
    urlTermsOfDelivery: 'https://kasontwerp-studio.example.nl/leveringsvoorwaarden',
    urlPrivacyStatement: 'https://kasontwerp-studio.example.nl/privacy',
    about:
      'Kasontwerp Studio tekent Venlo- en breedkappers op maat: constructie, glas, dak en scherminstallaties in één model, met de sterkteberekening volgens NEN 3859.',
    usage: 'Maakt uit de maten en het teeltplan een kasontwerp met tekeningen, materiaallijst en prijsopgave.',
    linked: false,
  },
  {
    slug: 'teeltregistratie-delta',
    name: 'Teeltregistratie Delta',
    owner: 'Kwekerij Delta',
    category: 'Gewas registratie',
    pricePerYear: '850.00',
    url: 'https://teeltregistratie.example.nl/',
    urlTermsOfDelivery: null,
    urlPrivacyStatement: 'https://teeltregistratie.example.nl/privacy',
    about:
      'Teeltregistratie Delta legt per kas en per afdeling vast wat er staat, wanneer er geplant, gegeven en geoogst is, en koppelt dat aan de klimaatmetingen uit de kasdata van Kwekerij Delta.',
    usage: 'Registreert gewassen, plantdata en oogsten en toont ze naast temperatuur, luchtvochtigheid en EC.',
    linked: true,
  },
  {
    slug: 'plaagradar',
    name: 'Plaagradar',
    owner: 'Kassenbouw West',
    category: 'IPM',
    pricePerYear: null,
    url: 'https://plaagradar.example.nl/',
    urlTermsOfDelivery: null,
    urlPrivacyStatement: null,
    about: 'Plaagradar verzamelt de tellingen van vangplaten en waarnemingen van de scouts en waarschuwt wanneer een plaag de drempel nadert.',
    usage: 'Geeft per afdeling een advies voor natuurlijke vijanden en middelen (geïntegreerde gewasbescherming).',
    linked: false,
  },
] as const;

export const DEMO_USERS: SeedUser[] = [
  { email: 'beheer@datahub.test', firstname: 'Bea', lastname: 'Beheer', organization: 'admin', roles: ['AdminOrganization.Owner'] },
  { email: 'eigenaar@kwekerij-delta.test', firstname: 'Erik', lastname: 'de Eigenaar', organization: 'Kwekerij Delta', roles: ['Organization.Owner'] },
  { email: 'lid@kwekerij-delta.test', firstname: 'Lotte', lastname: 'Lid', organization: 'Kwekerij Delta', roles: [] },
  { email: 'eigenaar@kassenbouw-west.test', firstname: 'Wim', lastname: 'Westra', organization: 'Kassenbouw West', roles: ['Organization.Owner'] },
];

@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly organizations: OrganizationsService,
    private readonly datasources: DatasourcesService,
    private readonly organizationRows: OrganizationsRepository,
    private readonly seed: SeedRepository,
    private readonly users: UsersRepository,
  ) {}

  async run(): Promise<void> {
    const seeded = await this.dataSource.transaction(async (manager) => {
      await this.seed.lockSeeding(manager);
      if (await this.organizationRows.adminExists(manager)) return false;
      const admin = await this.organizations.create(manager, { name: this.config.admin.organizationName, isAdmin: true });
      await this.createUser(
        manager,
        { email: this.config.admin.email, firstname: 'Beheerder', lastname: 'Datahub', organization: 'admin', roles: ['AdminOrganization.Owner'] },
        admin,
        this.config.admin.password,
      );
      if (this.config.demoSeed) await this.seedDemo(manager, admin);
      return true;
    });
    if (seeded) this.logger.log(`Created the admin organisation '${this.config.admin.organizationName}' with owner ${this.config.admin.email}`);
    if (this.config.demoSeed) {
      await this.writeDemoCredentials();
      this.printDemoLogins();
    }
  }

  /** Issued again whenever the file is missing. */
  private async writeDemoCredentials(): Promise<void> {
    const file = this.config.demoCredentialsFile;
    if (!file || existsSync(file)) return;
    const delta = await this.organizationRows.byName(DEMO_ORGANIZATIONS[0].name);
    if (!delta) return;
    const credentials = await this.datasources.demoCredentials(delta.id, DEMO_DATASOURCE_NAME);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  }

  private async seedDemo(manager: EntityManager, admin: Organization): Promise<void> {
    const byName = new Map<string, Organization>([['admin', admin]]);
    for (const organization of DEMO_ORGANIZATIONS)
      byName.set(organization.name, await this.organizations.create(manager, organization));
    for (const user of DEMO_USERS) {
      if (!(await this.users.emailTaken(user.email, manager))) await this.createUser(manager, user, byName.get(user.organization)!, DEMO_PASSWORD);
    }
    const delta = byName.get(DEMO_ORGANIZATIONS[0].name)!;
    const datasourceId = await this.datasources.createForSeed(manager, delta.id, DEMO_DATASOURCE_NAME);
    for (const application of DEMO_APPLICATIONS) {
      await this.seed.insertApplication({
        slug: application.slug,
        name: application.name,
        about: application.about,
        usage: application.usage,
        ownerOrganizationId: byName.get(application.owner)!.id,
        category: application.category,
        url: application.url,
        urlTermsOfDelivery: application.urlTermsOfDelivery,
        urlPrivacyStatement: application.urlPrivacyStatement,
        pricePerYear: application.pricePerYear,
        datasourceId: application.linked ? datasourceId : null,
        urlLicenceServer: application.linked ? this.config.demoLicenceServerUrl : null,
      }, manager);
    }
  }

  private async createUser(manager: EntityManager, seed: SeedUser, organization: Organization, password: string): Promise<void> {
    await this.seed.insertUser(
      { email: seed.email, firstname: seed.firstname, lastname: seed.lastname, passwordHash: await hashPassword(password), organizationId: organization.id, roles: seed.roles },
      manager,
    );
  }

  private printDemoLogins(): void {
    const lines = [
      '',
      'Demo logins (password for all: ' + DEMO_PASSWORD + '):',
      '  beheer@datahub.test            platform admin, Datahub Beheer',
      '  eigenaar@kwekerij-delta.test   owner of Kwekerij Delta',
      '  lid@kwekerij-delta.test        member of Kwekerij Delta',
      '  eigenaar@kassenbouw-west.test  owner of Kassenbouw West',
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
}
