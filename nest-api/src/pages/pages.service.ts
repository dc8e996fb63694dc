import { Injectable } from '@nestjs/common';
import { isOnline } from '@datahub/domain';
import { etagOf } from '@datahub/domain/server';
import { AccessRequestsService } from '../access-requests/access-requests.service';
import { AuditLogQuery } from '../audit/audit-log.query';
import { AuthorisationsService } from '../authorisations/authorisations.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { DatasetDataService } from '../dataset-data/dataset-data.service';
import { DatasetSummaryService } from '../dataset-data/dataset-summary.service';
import { DatasetsService } from '../datasets/datasets.service';
import type { CatalogueQueryDto } from '../datasets/dto/catalogue-query.dto';
import { InsightService } from '../insight/insight.service';
import { DatasetQualityRepository } from '../quality/quality.repository';
import { toQualityFindingsView } from '../quality/quality.views';
import { toCurrentUserView } from '../users/user.view';
import type { DatasetPageView, MachtigingenPageView, MyDatasetsPageView, ShellPageView } from './pages.views';

/** A refusal (4xx) of one part leaves that part out, as the portal did with the separate call; anything else fails the page. */
function refusedAsNull<T>(pending: Promise<T>): Promise<T | null> {
  return pending.catch((error: unknown) => {
    if (error instanceof ApiError && error.getStatus() < 500) return null;
    throw error;
  });
}

/** Each part keeps its service's permission and object checks, and is asked only where the guard would allow that operation. */
@Injectable()
export class PagesService {
  constructor(
    private readonly datasets: DatasetsService,
    private readonly data: DatasetDataService,
    private readonly summaries: DatasetSummaryService,
    private readonly auditLog: AuditLogQuery,
    private readonly requests: AccessRequestsService,
    private readonly insight: InsightService,
    private readonly authorisations: AuthorisationsService,
    private readonly quality: DatasetQualityRepository,
  ) {}

  async shell(actor: AuthenticatedUser): Promise<ShellPageView> {
    // During two-step enrolment every other operation answers 403: no count then.
    const counts = actor.permissions.has('AuthorisationAssignment.Create') && !actor.twoFactorEnrolmentRequired;
    const open = counts ? await refusedAsNull(this.requests.openCount(actor, actor.organizationId)) : null;
    return { user: toCurrentUserView(actor), open_access_requests: open?.open ?? 0 };
  }

  /** No parse or second serialisation; the same for every user, since the catalogue is. */
  async catalogue(query: CatalogueQueryDto): Promise<{ json: string; etag: string }> {
    const page = await this.datasets.onlinePage(query);
    const searched = page.json === '[]' && Boolean(query.q?.trim());
    const all = searched ? await this.datasets.onlinePage({ limit: 1 }) : null;
    const empty = page.json === '[]' && (!all || all.json === '[]');
    return { json: `{"datasets":${page.json},"catalogue_empty":${empty}}`, etag: etagOf(`${page.etag}|${all?.etag ?? ''}|${empty}`) };
  }

  async myDatasets(actor: AuthenticatedUser): Promise<MyDatasetsPageView> {
    const [datasets, use] = await Promise.all([this.datasets.mine(actor), this.insight.ownDatasetUse(actor, 30)]);
    return { datasets, use };
  }

  /** As the separate reads: any refusal is the page's (403), none is left out. */
  async machtigingen(actor: AuthenticatedUser): Promise<MachtigingenPageView> {
    const user = toCurrentUserView(actor);
    if (!actor.permissions.has('AuthorisationAssignment.Read')) return { user, lists: null };
    const slug = actor.organizationSlug;
    const [received, given, history, requests, sent] = await Promise.all([
      this.authorisations.list(actor, slug, 'received'),
      this.authorisations.list(actor, slug, 'given'),
      this.authorisations.history(actor, slug),
      actor.permissions.has('AuthorisationAssignment.Create') ? this.requests.received(actor, actor.organizationId) : null,
      this.requests.sent(actor, actor.organizationId),
    ]);
    return { user, lists: { received, given, history, requests, sent } };
  }

  async dataset(actor: AuthenticatedUser, slug: string): Promise<DatasetPageView> {
    const dataset = await this.datasets.bySlug(actor, slug);
    const id = dataset.dataset_id;
    const online = isOnline(dataset);
    const own = actor.organizationSlug === dataset.owner_organization_slug;
    const [ownerDatasets, access, summary, useByOthers, sent, findings] = await Promise.all([
      refusedAsNull(this.datasets.ofOrganization(actor, dataset.owner_organization_slug)),
      refusedAsNull(this.data.access(actor, id)),
      // Offline or unreadable data has no summary; its failure never costs the page.
      dataset.file_format === '.ttl' && online ? this.summaries.summary(actor, id).catch(() => null) : null,
      own && actor.permissions.has('AuditLog.Read') ? refusedAsNull(this.auditLog.useByOthers(actor, id)) : null,
      online && !own ? refusedAsNull(this.requests.sent(actor, actor.organizationId)) : null,
      // The findings name the dataset's own IRIs: for its owner only.
      own ? this.quality.findings(id) : null,
    ]);
    return {
      user: toCurrentUserView(actor),
      dataset,
      owner_datasets: ownerDatasets,
      access,
      summary,
      use_by_others: useByOthers,
      open_access_request: sent?.find((request) => request.dataset_id === id && request.status === 'open') ?? null,
      quality_findings: findings ? toQualityFindingsView(findings) : null,
    };
  }
}
