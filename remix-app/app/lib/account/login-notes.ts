/** After a reset the user signs in with the new password, told so. */
export const PASSWORD_CHANGED = { param: 'wachtwoord', value: 'gewijzigd' } as const;
