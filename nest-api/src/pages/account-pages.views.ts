import { ApiProperty } from '@nestjs/swagger';
import { ApiTokenView } from '../api-tokens/api-token.dto';
import { TwoFactorEnrolmentView, TwoFactorStateView } from '../auth/two-factor/two-factor.dto';
import { RatingStateView } from '../insight/insight.views';
import { CurrentUserView } from '../users/user.view';

export class TwoFactorPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: TwoFactorStateView })
  two_factor: TwoFactorStateView;

  @ApiProperty({ type: TwoFactorEnrolmentView, nullable: true, description: 'As GET /api/auth/two-factor/enrolment, only while two_factor.pending' })
  enrolment: TwoFactorEnrolmentView | null;
}

export class ProfilePageView extends TwoFactorPageView {
  @ApiProperty({ type: RatingStateView })
  rating: RatingStateView;

  @ApiProperty({ type: [ApiTokenView], description: 'As GET /api/profile/api-tokens' })
  api_tokens: ApiTokenView[];

  @ApiProperty({ description: 'As GET /api/auth/password' })
  has_password: boolean;
}
