import { ApiProperty } from '@nestjs/swagger';
import type { QualityFindingsRow } from './quality.repository';
import { QUALITY_SEVERITIES, type QualitySeverity } from './reported-quality';

export class QualityFindingView {
  @ApiProperty({ description: 'The node shape (IRI)' })
  shape: string;

  @ApiProperty({ nullable: true, type: String, description: 'The property (IRI) the constraint is about; null for the node itself' })
  path: string | null;

  @ApiProperty({ example: 'MinCountConstraintComponent' })
  constraint: string;

  @ApiProperty({ enum: QUALITY_SEVERITIES })
  severity: QualitySeverity;

  @ApiProperty({ nullable: true, type: String, description: 'What the shape asks for (a class, datatype, node kind, count or list of values)' })
  expected: string | null;

  @ApiProperty()
  count: number;

  @ApiProperty({ type: [String], description: 'Up to three focus nodes (IRIs)' })
  examples: string[];
}

export class DatasetQualityFindingsView {
  @ApiProperty()
  conforms: boolean;

  @ApiProperty()
  violations: number;

  @ApiProperty()
  warnings: number;

  @ApiProperty()
  infos: number;

  @ApiProperty({ description: 'Which shapes were applied', example: 'cgo@8c14c8b+hub@1' })
  shapes_version: string;

  @ApiProperty({ format: 'date-time' })
  checked_at: string;

  @ApiProperty({ type: [QualityFindingView], description: 'The largest groups first, at most 50' })
  findings: QualityFindingView[];
}

export function toQualityFindingsView(row: QualityFindingsRow): DatasetQualityFindingsView {
  return {
    conforms: row.conforms,
    violations: row.violations,
    warnings: row.warnings,
    infos: row.infos,
    shapes_version: row.shapes_version,
    checked_at: row.checked_at.toISOString(),
    findings: row.findings,
  };
}
