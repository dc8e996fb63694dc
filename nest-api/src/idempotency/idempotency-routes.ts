import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, MODULE_METADATA } from '@nestjs/common/constants';
import { IdempotencyInterceptor, isCreatingHandler } from './idempotency';

type Imported = Type | DynamicModule | Promise<DynamicModule> | ForwardReference;

function controllersOf(imports: Imported[], seen = new Set<unknown>(), found = new Set<Type>()): Set<Type> {
  for (const entry of imports) {
    if (!entry || entry instanceof Promise || seen.has(entry)) continue;
    seen.add(entry);
    const moduleClass = 'forwardRef' in entry ? (entry.forwardRef() as Type) : 'module' in entry ? entry.module : entry;
    const dynamic = 'module' in entry ? entry : undefined;
    const controllers = [...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) as Type[] | undefined) ?? []), ...(dynamic?.controllers ?? [])];
    for (const controller of controllers) found.add(controller);
    const nested = [...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) as Imported[] | undefined) ?? []), ...((dynamic?.imports as Imported[] | undefined) ?? [])];
    if (moduleClass !== entry) seen.add(moduleClass);
    controllersOf(nested, seen, found);
  }
  return found;
}

/** On the creating POST handlers only: as a global interceptor it ran Nest's interceptor chain (rxjs, an async resource) on every request. */
export function withIdempotency<T extends Imported[]>(imports: T): T {
  for (const controller of controllersOf(imports)) {
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function' || !isCreatingHandler(handler, controller)) continue;
      const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      if (!interceptors.includes(IdempotencyInterceptor)) Reflect.defineMetadata(INTERCEPTORS_METADATA, [...interceptors, IdempotencyInterceptor], handler);
    }
  }
  return imports;
}
