import createClient, { type ClientOptions, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod } from 'openapi-typescript-helpers';
import type { paths } from './schema';

/** Generated from nest-api's OpenAPI document by `npm run generate -w @datahub/api-client`; never edit by hand. */
export * from './schema';
export type { HttpMethod, RequiredKeysOf } from 'openapi-typescript-helpers';

export type ApiPath<M extends HttpMethod> = PathsWithMethod<paths, M>;

/** What a call takes besides method and path: `params` ({ path, query }) and `body`, as the operation declares. */
export type ApiInit<M extends HttpMethod, P extends ApiPath<M>> = NonNullable<MaybeOptionalInit<paths[P], M>>;

export type ApiData<M extends HttpMethod, P extends ApiPath<M>> = NonNullable<
  FetchResponse<paths[P][M] & Record<string | number, unknown>, object, 'application/json'>['data']
>;

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ClientOptions) {
  return createClient<paths>(options);
}
