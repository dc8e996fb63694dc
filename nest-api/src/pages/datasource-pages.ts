import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { DatasetView } from '../datasets/dataset.view';
import { DatasetsService } from '../datasets/datasets.service';
import { DatasourcesService } from '../datasources/datasources.service';
import { DatasourceDetailView, DatasourceView } from '../datasources/dto/datasource.dto';
import { CurrentUserView, toCurrentUserView } from '../users/user.view';

export class DatasourcePageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: DatasourceDetailView, description: 'As GET /api/datasources/{id}' })
  datasource: DatasourceDetailView;
}

export class DatasourcesPageView {
  @ApiProperty({ type: [DatasourceView], nullable: true, description: 'As GET /api/my-datasources; null without Datasource.Read' })
  datasources: DatasourceView[] | null;
}

export class ManageDatasetsPageView {
  @ApiProperty({ type: [DatasourceView], nullable: true, description: 'As GET /api/datasources; null without Datasource.Read' })
  datasources: DatasourceView[] | null;

  @ApiProperty({ type: [DatasetView], description: 'GET /api/datasets and GET /api/my-datasets together, each dataset once' })
  datasets: DatasetView[];
}

@Injectable()
export class DatasourcePages {
  constructor(
    private readonly datasources: DatasourcesService,
    private readonly datasets: DatasetsService,
  ) {}

  async datasource(actor: AuthenticatedUser, id: string): Promise<DatasourcePageView> {
    return { user: toCurrentUserView(actor), datasource: await this.datasources.get(actor, id) };
  }

  async own(actor: AuthenticatedUser): Promise<DatasourcesPageView> {
    return { datasources: actor.permissions.has('Datasource.Read') ? await this.datasources.list(actor, true) : null };
  }

  async manageDatasets(actor: AuthenticatedUser): Promise<ManageDatasetsPageView> {
    const [datasources, online, own] = await Promise.all([
      actor.permissions.has('Datasource.Read') ? this.datasources.list(actor, false) : null,
      this.datasets.online(),
      this.datasets.mine(actor),
    ]);
    const unique = new Map<string, DatasetView>();
    for (const dataset of [...online, ...own]) unique.set(dataset.dataset_id, dataset);
    return { datasources, datasets: [...unique.values()] };
  }
}
