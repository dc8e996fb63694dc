import type { SyntaxPosition } from './syntax-position';

/** Why a query, scope set or evaluation was refused or failed; callers switch on `reason`, the HTTP status is the value. */
export const SPARQL_ERROR_REASONS = {
  empty_query: 400,
  query_too_large: 413,
  query_too_deep: 400,
  syntax_error: 400,
  update_not_allowed: 400,
  query_form_not_allowed: 400,
  service_not_allowed: 400,
  dataset_clause_not_allowed: 400,
  no_scopes: 403,
  unknown_scope: 403,
  unknown_dataset: 404,
  invalid_data: 422,
  query_failed: 400,
  timeout: 504,
  memory_limit: 503,
  // One query needed more memory than a query may (queryMemoryMb): retrying the same query cannot help.
  query_memory_limit: 413,
  answer_too_large: 413,
  busy: 503,
  worker_crashed: 503,
  engine_closed: 503,
} as const;

export type SparqlErrorReason = keyof typeof SPARQL_ERROR_REASONS;

export class SparqlError extends Error {
  readonly reason: SparqlErrorReason;
  readonly position?: SyntaxPosition;

  constructor(reason: SparqlErrorReason, message: string, position?: SyntaxPosition) {
    super(message);
    this.name = 'SparqlError';
    this.reason = reason;
    if (position) this.position = position;
  }

  get httpStatus(): number {
    return SPARQL_ERROR_REASONS[this.reason];
  }

  toJSON(): { reason: SparqlErrorReason; message: string } {
    return { reason: this.reason, message: this.message };
  }
}

export function isSparqlError(value: unknown): value is SparqlError {
  return value instanceof SparqlError;
}
