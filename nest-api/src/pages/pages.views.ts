import { ApiProperty } from '@nestjs/swagger';
import { AccessRequestView } from '../access-requests/dto/access-request.dto';
import { DatasetUseByOthersView } from '../audit/dto/audit.views';
import { AuthorisationHistoryView, AuthorisationView } from '../authorisations/dto/authorisation.dto';
import { DatasetAccessView } from '../dataset-data/dataset-data.views';
import { DatasetSummaryView } from '../dataset-data/dataset-summary.views';
import { DatasetView } from '../datasets/dataset.view';
import { OwnDatasetUseView } from '../insight/insight.views';
import { CurrentUserView } from '../users/user.view';
import { DatasetQualityFindingsView } from '../quality/quality.views';

export class ShellPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ description: "Access requests waiting for the user's organisation to decide (0 without AuthorisationAssignment.Create)" })
  open_access_requests: number;
}

export class CataloguePageView {
  @ApiProperty({ type: [DatasetView], description: 'As GET /api/datasets answers the same q, limit and offset' })
  datasets: DatasetView[];

  @ApiProperty({ description: 'No dataset is online at all (not just none matching q)' })
  catalogue_empty: boolean;
}

export class MyDatasetsPageView {
  @ApiProperty({ type: [DatasetView] })
  datasets: DatasetView[];

  @ApiProperty({ type: OwnDatasetUseView })
  use: OwnDatasetUseView;
}

class MachtigingenListsView {
  @ApiProperty({ type: [AuthorisationView] })
  received: AuthorisationView[];

  @ApiProperty({ type: [AuthorisationView] })
  given: AuthorisationView[];

  @ApiProperty({ type: AuthorisationHistoryView })
  history: AuthorisationHistoryView;

  @ApiProperty({ type: [AccessRequestView], nullable: true, description: "Requests for the organisation's datasets: only for AuthorisationAssignment.Create holders" })
  requests: AccessRequestView[] | null;

  @ApiProperty({ type: [AccessRequestView], description: "The organisation's own requests" })
  sent: AccessRequestView[];
}

export class MachtigingenPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: MachtigingenListsView, nullable: true, description: 'null without AuthorisationAssignment.Read' })
  lists: MachtigingenListsView | null;
}

/** Everything /dataset/{slug} shows; a part the separate operation would refuse is null. */
export class DatasetPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: DatasetView })
  dataset: DatasetView;

  @ApiProperty({ type: [DatasetView], nullable: true, description: "The owner organisation's datasets, as GET /api/organizations/{slug}/datasets answers them" })
  owner_datasets: DatasetView[] | null;

  @ApiProperty({ type: DatasetAccessView, nullable: true })
  access: DatasetAccessView | null;

  @ApiProperty({ type: DatasetSummaryView, nullable: true, description: "'Wat zit erin': only for an online Turtle dataset the organisation may read" })
  summary: DatasetSummaryView | null;

  @ApiProperty({ type: [DatasetUseByOthersView], nullable: true, description: "'Gebruik door anderen': only for the owner organisation's AuditLog.Read holders" })
  use_by_others: DatasetUseByOthersView[] | null;

  @ApiProperty({ type: AccessRequestView, nullable: true, description: "Your organisation's open request on this dataset, if any" })
  open_access_request: AccessRequestView | null;

  @ApiProperty({ type: DatasetQualityFindingsView, nullable: true, description: "The last quality report's findings: only for the owner organisation, once its data source reported one" })
  quality_findings: DatasetQualityFindingsView | null;
}
