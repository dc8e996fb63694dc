import { API_BODY_LIMITS, BAD_INPUT_DETAILS, FIELD_ERRORS, jsonBodyLimit } from '@datahub/domain';
import { ApiError } from './errors';

/** Validation libraries recurse, so this is checked before they run. */
const MAX_JSON_DEPTH = 32;
/** Hub Protocol registrations are the largest; smaller ones per route in @datahub/domain. */
export const MAX_BODY_BYTES = API_BODY_LIMITS.json;

/** Every other text field is one line (CR/LF refused). */
export const MULTILINE_FIELDS = new Set(['about', 'usage', 'contact', 'additional_info', 'description', 'query']);

// C0 controls but tab/LF/CR, DEL, C1 controls, and UTF-16 halves without their partner.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_BREAK = /[\r\n]/;

function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return false;
}

function badTextFields(value: unknown, path = '', into: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') {
    const field = path.split('.').pop() ?? '';
    if (FORBIDDEN.test(value) || (!MULTILINE_FIELDS.has(field) && LINE_BREAK.test(value))) into[path || 'body'] = FIELD_ERRORS.controlCharacters;
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => badTextFields(item, path ? `${path}.${index}` : String(index), into));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN.test(key) || LINE_BREAK.test(key)) into[path || 'body'] = FIELD_ERRORS.controlCharacters;
      else badTextFields(item, path ? `${path}.${key}` : key, into);
    }
  }
  return into;
}

/** Typed loosely: nest's adapter brings its own copy of Fastify's types. */
interface ParserHost {
  removeAllContentTypeParsers(): unknown;
  addContentTypeParser(
    contentType: string,
    options: { parseAs: 'string'; bodyLimit: number },
    parser: (request: { url: string }, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => void,
  ): unknown;
}

/** Size (413), depth (422), syntax (400), top-level object (422) and clean text (422) are checked before DTO validation. */
export function installJsonBodyParser(fastify: ParserHost): void {
  // Only JSON is taken: text/plain (Fastify's other default) would reach validation as a bare string.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (request: { url: string }, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (Buffer.byteLength(text) > jsonBodyLimit(request.url)) return done(new ApiError(413, BAD_INPUT_DETAILS.tooLarge));
      if (text.trim() === '') return done(null, undefined);
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(new ApiError(422, BAD_INPUT_DETAILS.tooDeep));
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return done(new ApiError(400, BAD_INPUT_DETAILS.badJson));
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return done(new ApiError(422, BAD_INPUT_DETAILS.notAnObject));
      const bad = badTextFields(parsed);
      if (Object.keys(bad).length > 0) return done(new ApiError(422, BAD_INPUT_DETAILS.controlCharacters, bad));
      done(null, parsed);
    },
  );
}
