import { HttpStatus } from '@nestjs/common';
import { DETAILS, SPARQL_ERROR_TEXTS } from '@datahub/domain';
import { SPARQL_LIMITS, type SparqlError } from '@datahub/sparql';
import { ApiError } from '../common/errors';

interface SparqlErrorLimits {
  memoryMb: number;
  queryMemoryMb: number;
  answerMb: number;
  deadlineMs: number;
}

/** The engine's status and reason as `detail`, for the limits also a Dutch `sparql_query` text; never a 500 (a stopped worker is a 503). */
export function sparqlApiError(error: SparqlError, limits: SparqlErrorLimits): ApiError {
  switch (error.reason) {
    case 'unknown_dataset':
    case 'invalid_data':
      return new ApiError(HttpStatus.SERVICE_UNAVAILABLE, DETAILS.datasetOffline);
    case 'query_too_deep':
      return new ApiError(error.httpStatus, error.reason, { sparql_query: SPARQL_ERROR_TEXTS.queryTooDeep(SPARQL_LIMITS.maxNestingDepth) });
    case 'worker_crashed':
      return new ApiError(error.httpStatus, error.reason, { sparql_query: SPARQL_ERROR_TEXTS.workerCrashed });
    case 'syntax_error':
      return new ApiError(error.httpStatus, error.reason, {
        sparql_query: error.position
          ? SPARQL_ERROR_TEXTS.syntax(error.position.line, error.position.column, error.position.found, error.position.problem)
          : SPARQL_ERROR_TEXTS.syntaxUnplaced,
      });
    case 'timeout':
      return new ApiError(error.httpStatus, error.reason, { sparql_query: SPARQL_ERROR_TEXTS.timeout(Math.ceil(limits.deadlineMs / 1000)) });
    case 'answer_too_large':
      return new ApiError(error.httpStatus, error.reason, { sparql_query: SPARQL_ERROR_TEXTS.answerTooLarge(limits.answerMb) });
    case 'memory_limit':
      return new ApiError(error.httpStatus, error.reason, { sparql_query: SPARQL_ERROR_TEXTS.memoryLimit(limits.memoryMb) });
    case 'query_memory_limit':
      return new ApiError(error.httpStatus, error.reason, { sparql_query: SPARQL_ERROR_TEXTS.queryMemoryLimit(limits.queryMemoryMb) });
    default:
      return new ApiError(error.httpStatus, error.reason);
  }
}
