export interface FormReply {
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

const SECRET_FIELDS = new Set(['password', 'csrf']);

/** Never passwords or tokens. */
export function keptValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string' && !SECRET_FIELDS.has(name) && !(name in values)) values[name] = value;
  }
  return values;
}

/** Undefined when nest-api's 422 named none. */
export function fieldErrorsOf(error: { statusCode: number; errors?: Record<string, string> }): Record<string, string> | undefined {
  return error.statusCode === 422 && error.errors && Object.keys(error.errors).length > 0 ? error.errors : undefined;
}

export function textField(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

export function describedBy(name: string, options: { error?: string; hint?: string }): {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
} {
  const ids = [options.error ? `${name}-error` : null, options.hint ? `${name}-hint` : null].filter(Boolean);
  return {
    ...(options.error ? { 'aria-invalid': true as const } : {}),
    ...(ids.length ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}
