import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';
import type { ReportedFinding, ReportedQuality } from './reported-quality';

export interface QualityFindingsRow {
  conforms: boolean;
  violations: number;
  warnings: number;
  infos: number;
  shapes_version: string;
  checked_at: Date;
  findings: ReportedFinding[];
}

@Injectable()
export class DatasetQualityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** An identical report writes nothing, so discovery's repeats neither write nor make the catalogue forget its kept pages. */
  async record(datasetId: string, report: ReportedQuality, db: Queryable = this.dataSource): Promise<boolean> {
    const written = await rows<{ dataset_id: string }>(
      db,
      `INSERT INTO dataset_quality (dataset_id, conforms, violations, warnings, infos, triples, shapes_version, checked_at, findings)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
       ON CONFLICT (dataset_id) DO UPDATE SET conforms = excluded.conforms, violations = excluded.violations,
         warnings = excluded.warnings, infos = excluded.infos, triples = excluded.triples, shapes_version = excluded.shapes_version,
         checked_at = excluded.checked_at, findings = excluded.findings, received_at = now()
       WHERE (dataset_quality.checked_at, dataset_quality.shapes_version) IS DISTINCT FROM (excluded.checked_at, excluded.shapes_version)
       RETURNING dataset_id`,
      [datasetId, report.conforms, report.violations, report.warnings, report.infos, report.triples, report.shapes_version, report.checked_at, JSON.stringify(report.findings)],
    );
    return written.length > 0;
  }

  findings(datasetId: string, db: Queryable = this.dataSource): Promise<QualityFindingsRow | null> {
    return firstRow<QualityFindingsRow>(
      db,
      `SELECT conforms, violations, warnings, infos, shapes_version, checked_at, findings FROM dataset_quality WHERE dataset_id = $1`,
      [datasetId],
    );
  }
}
