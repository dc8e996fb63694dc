import { ValidateIf } from 'class-validator';

/** Unlike `@IsOptional()`, a sent `null` is validated instead of reaching a NOT NULL column as a 500. */
export const Omittable = () => ValidateIf((_: object, value: unknown) => value !== undefined);
