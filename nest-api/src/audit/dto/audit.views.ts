import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_KINDS } from '@datahub/domain';

export class AuditEntryView {
  @ApiProperty() id: string;
  @ApiProperty({ example: '2026-11-24T15:58:44.123456Z', description: 'UTC, microseconds' }) created_at: string;
  @ApiProperty({ enum: AUDIT_KINDS }) kind: string;
  @ApiProperty({ example: 'Machtiging gegeven' }) kind_label: string;
  @ApiProperty({ type: String, nullable: true, description: 'The organisation whose object it is (a dataset’s owner)' }) organization_id: string | null;
  @ApiProperty({ type: String, nullable: true }) organization_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The other party: the receiver of a grant, the reading organisation' }) other_organization_id: string | null;
  @ApiProperty({ type: String, nullable: true }) other_organization_name: string | null;
  @ApiProperty({ type: String, nullable: true }) dataset_id: string | null;
  @ApiProperty({ type: String, nullable: true }) dataset_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Shown for the viewer’s own organisation’s people only' }) actor_email: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The API token that acted (its name for the own organisation)' }) actor_token_name: string | null;
  @ApiProperty({ type: String, nullable: true }) actor_organization_id: string | null;
  @ApiProperty({ type: String, nullable: true }) actor_organization_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Shown for the viewer’s own organisation’s people only' }) client_address: string | null;
  @ApiProperty({ type: Object, nullable: true, description: 'Before a change' }) before: Record<string, unknown> | null;
  @ApiProperty({ type: Object, nullable: true, description: 'After a change' }) after: Record<string, unknown> | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Rows answered by a query' }) rows_answered: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Bytes of a read' }) bytes: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'HTTP status of a read' }) outcome: number | null;
}

export class AuditPageView {
  @ApiProperty({ type: [AuditEntryView] }) entries: AuditEntryView[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last page' }) next_cursor: string | null;
}

export class DatasetUseByOthersView {
  @ApiProperty() organization_id: string;
  @ApiProperty({ type: String, nullable: true }) organization_name: string | null;
  @ApiProperty({ description: 'Successful queries and downloads in the last 30 days' }) reads: number;
  @ApiProperty() last_read_at: string;
}
