import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { FIELD_ERRORS } from '@datahub/domain';

export class SupportAttachmentView {
  @ApiProperty({ format: 'uuid' }) attachment_id: string;
  @ApiProperty() filename: string;
  @ApiProperty() content_type: string;
  @ApiProperty() size: number;
}
export class SupportRequestView {
  @ApiProperty({ format: 'uuid' }) support_request_id: string;
  @ApiProperty({ enum: ['vraag', 'probleem', 'idee'] }) kind: string;
  @ApiProperty() summary: string;
  @ApiProperty() description: string;
  @ApiProperty() email: string;
  @ApiProperty() organization_name: string;
  @ApiProperty({ enum: ['open', 'closed'] }) status: string;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: [SupportAttachmentView] }) attachments: SupportAttachmentView[];
}
export class SupportRequestCreatedView {
  @ApiProperty({ format: 'uuid' }) support_request_id: string;
}
export class SupportStatusDto {
  @ApiProperty({ enum: ['open', 'closed'] })
  @IsIn(['open', 'closed'], { message: FIELD_ERRORS.invalid })
  status: 'open' | 'closed';
}
