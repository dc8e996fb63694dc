import { ValidateIf } from 'class-validator';

/**
 * A field that may be left out but, when sent, must pass its rules: unlike `@IsOptional()`, `null`
 * is validated (and refused by `@IsString` and friends) instead of slipping through to a NOT NULL
 * column as a 500. Use `@IsOptional()` only for fields whose column takes null.
 */
export const Omittable = () => ValidateIf((_: object, value: unknown) => value !== undefined);
