import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import {
  APPLICATION_LABELS,
  ERROR_TEXTS,
  applicationErrorText,
  isPersonalOrganizationName,
  pathOverrideDeleteError,
  pathOverrideUpdateError,
} from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { applicationBody, type ApplicationView } from './applications';
import type { DatasourceView, OrganizationView } from '@datahub/api-client';
import { requireCurrentUser } from '../account/auth.server';
import { keptValues, textField, type FormReply } from '../core/forms';
import { isMultipart, logoAction } from './logo-upload.server';
import { flashCookie } from '../core/session.server';
import { readCheckedForm } from '../core/action.server';

/** nest-api checks Application.* on every write. */
export async function requireOrganizationAdmin(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const user = await requireCurrentUser(args);
  if (!user.organization_admin) throw new Response(null, { status: 403 });
  return user;
}

export interface ApplicationFormOptions {
  organizations: { id: string; name: string }[];
  /** null without Datasource.Read: the form then leaves the link as it is. */
  datasources: { id: string; name: string; organizationId: string; organizationName: string }[] | null;
}

/** The form's options from nest-api's organisations (never personal tmp_ ones) and data sources (null: none may be seen). */
export function formOptionsOf(organizations: OrganizationView[], datasources: DatasourceView[] | null): ApplicationFormOptions {
  return {
    organizations: organizations
      .filter((organization) => !isPersonalOrganizationName(organization.name))
      .map((organization) => ({ id: organization.organization_id, name: organization.name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'nl')),
    datasources: datasources
      ? datasources
          .map((datasource) => ({
            id: datasource.datasource_id,
            name: datasource.name,
            organizationId: datasource.owner_organization,
            organizationName: datasource.owner_organization_name,
          }))
          .sort((a, b) => a.organizationName.localeCompare(b.organizationName, 'nl') || a.name.localeCompare(b.name, 'nl'))
      : null,
  };
}

export async function loadApplicationBySlug(request: Request, slug: string): Promise<ApplicationView> {
  const found = await apiRequest(request, 'get', '/api/application/{slug}', { params: { path: { slug } } });
  if (!found.ok) throw new Response(null, { status: found.status });
  return found.data;
}

export type ApplicationFormReply = FormReply & { intent?: string };

function refusedReply(formData: FormData, error: { statusCode: number; detail: string; errors?: Record<string, string> }, status: number) {
  return data<ApplicationFormReply>(
    { intent: 'opslaan', formError: applicationErrorText(error), fieldErrors: error.errors, values: keptValues(formData) },
    { status },
  );
}

export async function createApplicationAction(args: ActionFunctionArgs) {
  await requireOrganizationAdmin(args);
  const { request } = args;
  const { formData, refused } = await readCheckedForm(request);
  if (refused) return refused;
  const result = await apiRequest(request, 'post', '/api/applications', { body: applicationBody(formData) }, { refusals: 'return' });
  if (!result.ok) return refusedReply(formData, result.error, result.status);
  return redirect(`/beheer-applicatie/${encodeURIComponent(result.data.slug)}`, {
    headers: { 'Set-Cookie': await flashCookie(request, APPLICATION_LABELS.form.created(result.data.name)) },
  });
}

export async function editApplicationAction(args: ActionFunctionArgs) {
  await requireOrganizationAdmin(args);
  const { request, params } = args;
  const application = await loadApplicationBySlug(request, params.slug ?? '');
  const self = `/beheer-applicatie/${encodeURIComponent(application.slug)}`;
  if (isMultipart(request)) return logoAction(request, { kind: 'application', id: application.application_id }, self);
  const { formData, refused } = await readCheckedForm(request);
  if (refused) return refused;
  const intent = textField(formData, 'intent');
  if (intent === 'padoverschrijvingen' || intent === 'padoverschrijvingen-terugzetten') return pathOverridesAction(request, formData, intent, self);
  const result = await apiRequest(
    request,
    'put',
    '/api/applications/{application_id}',
    { params: { path: { application_id: application.application_id } }, body: { ...applicationBody(formData), logo_url: application.logo_url } },
    { refusals: 'return' },
  );
  if (!result.ok) return refusedReply(formData, result.error, result.status);
  return redirect(self, { headers: { 'Set-Cookie': await flashCookie(request, APPLICATION_LABELS.form.saved) } });
}

const PATH_KINDS = ['host', 'dataset', 'dataset_metadata'] as const;

/** Spec §5: a changed non-blank value is saved, a blanked one deleted, unchanged ones skipped; reset clears all three. */
async function pathOverridesAction(request: Request, formData: FormData, intent: string, self: string) {
  const datasourceId = textField(formData, 'datasource_id');
  const reply = (formError: string, status: number) =>
    data<ApplicationFormReply>({ intent: 'padoverschrijvingen', formError, values: keptValues(formData) }, { status });
  if (!datasourceId) return reply(ERROR_TEXTS.pathOverrides.missingDatasourceId, 400);
  for (const kind of PATH_KINDS) {
    const params = { path: { id: datasourceId, path: kind } };
    const previous = textField(formData, `${kind}_previous`).trim();
    const value = intent === 'padoverschrijvingen-terugzetten' ? '' : textField(formData, kind).trim();
    if (value === previous) continue;
    if (value) {
      const result = await apiRequest(request, 'put', '/api/datasources/{id}/path-overrides/{path}', { params, body: { path_override_pattern: value } }, { refusals: 'return' });
      if (!result.ok) return reply(pathOverrideUpdateError(kind, result.error.errors?.path_override_pattern ?? overrideDetail(result.status)), result.status);
    } else {
      const result = await apiRequest(request, 'delete', '/api/datasources/{id}/path-overrides/{path}', { params }, { refusals: 'return' });
      if (!result.ok) return reply(pathOverrideDeleteError(kind, overrideDetail(result.status)), result.status);
    }
  }
  return redirect(self, { headers: { 'Set-Cookie': await flashCookie(request, APPLICATION_LABELS.pathOverrides.saved) } });
}

function overrideDetail(status: number): string {
  if (status === 403) return APPLICATION_LABELS.pathOverrides.forbidden;
  if (status === 404) return ERROR_TEXTS.noDatasourceForApplication;
  return ERROR_TEXTS.generic;
}

export async function deleteApplicationAction(args: ActionFunctionArgs) {
  await requireOrganizationAdmin(args);
  const { request, params } = args;
  const { refused } = await readCheckedForm(request);
  if (refused) return refused;
  const application = await loadApplicationBySlug(request, params.slug ?? '');
  const result = await apiRequest(request, 'delete', '/api/applications/{id}', { params: { path: { id: application.application_id } } }, { refusals: 'return' });
  if (!result.ok) return data<ApplicationFormReply>({ intent: 'verwijderen', formError: ERROR_TEXTS.application.other }, { status: result.status });
  return redirect('/beheer-applicaties', { headers: { 'Set-Cookie': await flashCookie(request, APPLICATION_LABELS.remove.removed(application.name)) } });
}
