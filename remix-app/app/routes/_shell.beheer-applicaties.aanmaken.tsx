import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS } from '@datahub/domain';
import { ApplicationForm } from '~/components/applications/application-form';
import { ErrorPanel } from '~/components/core/error-page';
import { createApplicationAction, formOptionsOf, type ApplicationFormReply } from '~/lib/applications/applications-manage.server';
import { pageGet } from '~/lib/core/page-read.server';
import { pageTitle } from '~/lib/core/meta';

const L = APPLICATION_LABELS.form;

export const meta: MetaFunction = () => [{ title: pageTitle(L.createTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  // nest-api refuses anyone but an organisation admin (403).
  const { organizations, datasources } = await pageGet(args, '/api/pages/new-application');
  return { options: formOptionsOf(organizations, datasources) };
}

export function action(args: ActionFunctionArgs) {
  return createApplicationAction(args);
}

export default function CreateApplicationPage() {
  const { options } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ApplicationFormReply | undefined;
  return (
    <div className="max-w-2xl">
      <p className="text-sm">
        <Link to="/beheer-applicaties" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {L.backToList}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-stone-900">{L.createTitle}</h1>
      <ApplicationForm values={reply?.values ?? {}} fieldErrors={reply?.fieldErrors} formError={reply?.formError} options={options} submitLabel={L.create} />
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
