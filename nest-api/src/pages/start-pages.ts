import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ApplicationView } from '../applications/dto/application.dto';
import { ApplicationsService } from '../applications/applications.service';
import { AssigneeOrganizationView } from '../authorisations/dto/authorisation.dto';
import { AuthorisationsService } from '../authorisations/authorisations.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { DatasetView } from '../datasets/dataset.view';
import { DatasetsService } from '../datasets/datasets.service';
import { CurrentUserView, toCurrentUserView } from '../users/user.view';
import { WelcomeService } from '../welcome/welcome.service';

export class HomePageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: [ApplicationView], description: 'As GET /api/applications' })
  applications: ApplicationView[];

  @ApiProperty({ description: 'As GET /api/profile/welcome' })
  welcome: boolean;
}

/** /machtigingen/aanmaken: what may be granted, to whom; null without AuthorisationAssignment.Create. */
export class NewAuthorisationPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: [DatasetView], nullable: true, description: 'As GET /api/my-datasets' })
  datasets: DatasetView[] | null;

  @ApiProperty({ type: [AssigneeOrganizationView], nullable: true, description: 'As GET /api/authorisation-assignees' })
  organizations: AssigneeOrganizationView[] | null;
}

@Injectable()
export class StartPages {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly welcome: WelcomeService,
    private readonly datasets: DatasetsService,
    private readonly authorisations: AuthorisationsService,
  ) {}

  async home(actor: AuthenticatedUser): Promise<HomePageView> {
    const [applications, welcome] = await Promise.all([this.applications.list(), this.welcome.shown(actor)]);
    return { user: toCurrentUserView(actor), applications, welcome };
  }

  async newAuthorisation(actor: AuthenticatedUser): Promise<NewAuthorisationPageView> {
    const user = toCurrentUserView(actor);
    if (!actor.permissions.has('AuthorisationAssignment.Create')) return { user, datasets: null, organizations: null };
    // As GET /api/my-datasets, which asks Dataset.Read besides.
    if (!actor.permissions.has('Dataset.Read')) throw ApiError.forbidden();
    const [datasets, organizations] = await Promise.all([this.datasets.mine(actor), this.authorisations.assignees(actor)]);
    return { user, datasets, organizations };
  }
}
