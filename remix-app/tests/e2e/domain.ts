// The specs read labels and limits from the domain library's source, the same code the portal
// bundles (its dist may be older than the source while developing). Node treats that source
// as CommonJS, so it is required rather than imported.
import { createRequire } from 'node:module';
import type * as Domain from '../../../libs/domain/src/index';

const require = createRequire(import.meta.url);
const domain = require('../../../libs/domain/src/index.ts') as typeof Domain;

export const {
  ADMIN_NAV_GROUP,
  API_TOKEN_LABELS,
  DETAILS,
  BREADCRUMB_LABELS,
  CONFIRM_LABELS,
  DATASET_LABELS,
  DATASOURCE_PAGE_LABELS,
  ERROR_TEXTS,
  FIELD_ERRORS,
  INVITATION_LABELS,
  formatDateDashed,
  LABELS,
  LIMITS,
  LIST_COLUMN_LABELS,
  NAV_LINKS,
  ORGANIZATION_ADMIN_NAV_LINKS,
  ORGANISATION_LABELS,
  ROLE_CHECKBOX_LABELS,
  inviteSentText,
  BAD_INPUT_DETAILS,
  SIGNUP_MAILS,
  SIGNUP_VERIFICATION_LABELS,
  VERSION_LABEL,
  initials,
} = domain;
