/** What an action hands back to its form when it refuses the submission. */
export interface FormReply {
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

/** Fields never echoed back into a form. */
const SECRET_FIELDS = new Set(['password', 'csrf']);

/** The text fields of a submission, to put back into the form (never passwords or tokens). */
export function keptValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string' && !SECRET_FIELDS.has(name) && !(name in values)) values[name] = value;
  }
  return values;
}

/** The per-field Dutch errors of a refusal (nest-api's 422), or undefined when it named none. */
export function fieldErrorsOf(error: { statusCode: number; errors?: Record<string, string> }): Record<string, string> | undefined {
  return error.statusCode === 422 && error.errors && Object.keys(error.errors).length > 0 ? error.errors : undefined;
}

export function textField(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

/** Props that tie an input to its error and hint texts for assistive technology. */
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
