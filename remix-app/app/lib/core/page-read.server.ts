import type { AppLoadContext } from '@remix-run/node';
import type { ApiData, ApiPath, ShellPageView } from '@datahub/api-client';
import { apiRequest, dataOrThrow, type ApiOptions, type ApiResult, type CallArgs, type ShellClaim } from './api.server';

/** One nest-api call per page: the page read brings the shell (`Prefer: include=shell`) when the shell's loader waits (ADR 0058). */

export interface LoaderArgs {
  request: Request;
  context: AppLoadContext;
}

type PagePath = ApiPath<'get'> & `/api/pages/${string}`;

interface ShellSlot {
  open: boolean;
  claim: ShellClaim;
}

const shellSlots = new WeakMap<AppLoadContext, ShellSlot>();
/** The shell an action's page read brings ahead of the loaders (a form post without JavaScript). */
const shellsAhead = new WeakMap<AppLoadContext, Promise<ShellPageView | undefined>>();

export function shellAhead(context: AppLoadContext): Promise<ShellPageView | undefined> | undefined {
  return shellsAhead.get(context);
}

/** For the shell's loader: the shell a page read of this request brought, or undefined when none claimed it (then ask for it). */
export function shellFromPageRead(context: AppLoadContext): Promise<ShellPageView | undefined> {
  const ahead = shellsAhead.get(context);
  if (ahead) return ahead;
  let settle!: (shell: ShellPageView | undefined) => void;
  const brought = new Promise<ShellPageView | undefined>((resolve) => (settle = resolve));
  const slot: ShellSlot = { open: true, claim: { settle } };
  shellSlots.set(context, slot);
  // The page's loader starts in the same turn of the event loop: a page read not claimed by the next turn is not coming.
  return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    if (!slot.open) return brought;
    slot.open = false;
    return undefined;
  });
}

function claimShell(context: AppLoadContext): ShellClaim | undefined {
  const slot = shellSlots.get(context);
  if (!slot?.open) return undefined;
  slot.open = false;
  return slot.claim;
}

/** A page read whose refusals come back as `{ ok: false }` where the page shows them. */
export function pageRequest<P extends PagePath>(
  { request, context }: LoaderArgs,
  path: P,
  init: CallArgs<'get', P>[0],
  options: Pick<ApiOptions, 'refusals'> = {},
): Promise<ApiResult<ApiData<'get', P>>> {
  return pageRead(request, path, init, { ...options, shell: claimShell(context) });
}

/** An action's page read that brings the shell for the action's sign-in check and the loaders after it. */
export function pageRequestWithShell<P extends PagePath>(
  { request, context }: LoaderArgs,
  path: P,
  init: CallArgs<'get', P>[0],
  options: Pick<ApiOptions, 'refusals'> = {},
): Promise<ApiResult<ApiData<'get', P>>> {
  let settle!: (shell: ShellPageView | undefined) => void;
  shellsAhead.set(context, new Promise<ShellPageView | undefined>((resolve) => (settle = resolve)));
  return pageRead(request, path, init, { ...options, shell: { settle } });
}

function pageRead<P extends PagePath>(request: Request, path: P, init: unknown, options: ApiOptions): Promise<ApiResult<ApiData<'get', P>>> {
  // Typed by the callers' signatures; checking apiRequest's call again per path is more than tsc can represent.
  const ask = apiRequest as unknown as (request: Request, method: 'get', path: P, init: unknown, options: ApiOptions) => Promise<ApiResult<ApiData<'get', P>>>;
  return ask(request, 'get', path, init, options);
}

export async function pageGet<P extends PagePath>(args: LoaderArgs, path: P, ...[init]: CallArgs<'get', P>): Promise<ApiData<'get', P>> {
  return dataOrThrow(await pageRequest(args, path, init));
}
