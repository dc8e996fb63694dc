// The labels and limits the specs check, from the domain package the portal uses (npm test builds it first).
import * as domain from '@datahub/domain';

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
  ORGANIZATION_LABELS,
  ROLE_CHECKBOX_LABELS,
  inviteSentText,
  BAD_INPUT_DETAILS,
  SIGNUP_MAILS,
  SIGNUP_VERIFICATION_LABELS,
  VERSION_LABEL,
  initials,
} = domain;
