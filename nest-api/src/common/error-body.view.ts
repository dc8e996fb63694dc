import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ErrorBodyView {
  @ApiProperty({ example: 422 })
  statusCode: number;

  @ApiProperty({ example: 'validation failed', description: 'Machine-readable reason; the portal maps it to Dutch' })
  detail: string;

  @ApiPropertyOptional({
    example: { firstname: 'Dit veld is verplicht.' },
    description: 'Per-field messages (Dutch) when validation failed',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  errors?: Record<string, string>;
}
