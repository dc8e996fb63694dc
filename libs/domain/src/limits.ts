export const LIMITS = {
  applicationAboutMax: 1000,
  applicationUsageMax: 500,
  personNameMax: 100,
  emailMax: 254,
  passwordMin: 12,
  passwordMax: 200,
  confirmationMs: 3000,
  initialsLength: 2,
} as const;

/** A name with this prefix marks a personal organisation; it is shown as an empty name. */
export const PERSONAL_ORGANIZATION_PREFIX = 'tmp_';

/** It gives way once to the slug of its first real name. */
export const TEMPORARY_ORGANIZATION_SLUG_PREFIX = 'tmp-';

export const VERSION_LABEL = 'version 1.2.0rc1';
