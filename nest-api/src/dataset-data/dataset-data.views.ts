import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DATASET_SCOPES } from '@datahub/domain';

export class DatasetAccessView {
  @ApiProperty({ format: 'uuid' })
  dataset_id: string;

  @ApiProperty({ description: "True for the dataset's owner organisation" })
  owner: boolean;

  @ApiProperty({ enum: DATASET_SCOPES.map((entry) => entry.scope), isArray: true, description: 'What your organisation may read now; empty: nothing' })
  scopes: string[];
}

class SparqlHeadView {
  @ApiPropertyOptional({ type: [String] })
  vars?: string[];
}

class SparqlResultsView {
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  bindings: Record<string, unknown>[];
}

/** W3C SPARQL 1.1 Query Results JSON (SELECT: head.vars + results; ASK: boolean). */
export class SparqlJsonResultsView {
  @ApiProperty({ type: SparqlHeadView })
  head: SparqlHeadView;

  @ApiPropertyOptional({ type: SparqlResultsView })
  results?: SparqlResultsView;

  @ApiPropertyOptional()
  boolean?: boolean;
}
