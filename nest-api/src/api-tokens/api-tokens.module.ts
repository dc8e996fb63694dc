import { ApiTokenAuthService } from './api-token-auth.service';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensService } from './api-tokens.service';
import { MachineReadAuditService } from './machine-read-audit.service';

/**
 * API tokens (issue 21). Registered in AppModule rather than as a Nest module of their own: the
 * global guard and SessionCache live there, and the guard needs ApiTokenAuthService.
 */
export const API_TOKEN_CONTROLLERS = [ApiTokensController];
export const API_TOKEN_PROVIDERS = [ApiTokensService, ApiTokenAuthService, MachineReadAuditService];
