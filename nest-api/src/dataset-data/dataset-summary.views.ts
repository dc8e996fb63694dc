import { ApiProperty } from '@nestjs/swagger';

export class SummaryCategoryView {
  @ApiProperty({ description: "A cgo:hasCategory value (e.g. 'Water')" })
  category: string;

  @ApiProperty({ description: 'Subjects with this category' })
  subjects: number;
}

export class SummaryClassView {
  @ApiProperty({ description: 'The class IRI (rdf:type)' })
  iri: string;

  @ApiProperty({ description: 'Subjects of this class' })
  instances: number;
}

export class SummaryPropertyView {
  @ApiProperty({ description: 'The property IRI' })
  iri: string;

  @ApiProperty({ description: 'Triples with this property' })
  uses: number;
}

export class SummaryPrefixView {
  @ApiProperty({ description: "The prefix as the data declares it ('' for the empty prefix)" })
  prefix: string;

  @ApiProperty({ description: 'Its namespace IRI' })
  namespace: string;
}

/** What a dataset holds within the asker's scopes ('Wat zit erin'), computed once per dataset version and scope set. */
export class DatasetSummaryView {
  @ApiProperty({ description: 'Triples you may read' })
  triples: number;

  @ApiProperty({ type: [SummaryCategoryView], description: 'Most frequent categories first (at most 50)' })
  categories: SummaryCategoryView[];

  @ApiProperty({ type: [SummaryClassView], description: 'Most frequent classes first (at most 50)' })
  classes: SummaryClassView[];

  @ApiProperty({ type: [SummaryPropertyView], description: 'Most used properties first (at most 50)' })
  properties: SummaryPropertyView[];

  @ApiProperty({ type: [SummaryPrefixView], description: "The prefixes the dataset's Turtle declares (empty when it declares none or is queried at its data source)" })
  prefixes: SummaryPrefixView[];
}
