import { ApiProperty } from '@nestjs/swagger';
import { DATASET_SCOPES, type DatasetScope } from '@datahub/domain';

export class ReadableDatasetView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The graph name on /api/sparql: the dataset\'s catalogue IRI' }) iri!: string;
  @ApiProperty({ enum: DATASET_SCOPES.map((entry) => entry.scope), isArray: true }) scopes!: DatasetScope[];
}
