const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

const bodies = new WeakMap<Request, Promise<FormData>>();

export function isFormBody(request: Request): boolean {
  return FORM_TYPES.has((request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase());
}

/** The posted form, read once per request: the sign-in check can keep a form an action has already begun to read. */
export function formBody(request: Request): Promise<FormData> {
  let body = bodies.get(request);
  if (!body) {
    body = request.formData();
    bodies.set(request, body);
  }
  return body;
}
