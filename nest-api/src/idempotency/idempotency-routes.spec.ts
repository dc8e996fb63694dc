import 'reflect-metadata';
import { INTERCEPTORS_METADATA, METHOD_METADATA, MODULE_METADATA } from '@nestjs/common/constants';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { DynamicModule, Provider, Type } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/config';
import { InvitationsController } from '../invitations/invitations.controller';
import { AuthController } from '../auth/auth.controller';
import { IdempotencyInterceptor, isCreatingHandler } from './idempotency';

const config = loadConfig({
  JWT_SECRET: 'idempotency-routes-spec-0123456789abcdef',
  CSRF_SECRET: 'idempotency-routes-spec-0123456789abcdef',
  ADMIN_EMAIL: 'beheer@datahub.test',
  ADMIN_PASSWORD: 'idempotency-routes-spec',
  DEMO_SEED: 'false',
  LOG_LEVEL: 'silent',
});

function handlers(controller: Type): [string, object][] {
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype)
    .filter((name) => name !== 'constructor' && typeof prototype[name] === 'function' && Reflect.getMetadata(METHOD_METADATA, prototype[name]) !== undefined)
    .map((name) => [name, prototype[name] as object]);
}

// A global interceptor runs Nest's interceptor chain on every request (a cached GET's cost rose by a fifth).
describe('the Idempotency-Key interceptor', () => {
  const app = AppModule.forRoot(config, 'postgres://unused.invalid/none');

  it('is not global: it sits on every creating POST of a signed-in caller and on no other handler', () => {
    const controllers = new Set<Type>();
    const providers: Provider[] = [];
    const seen = new Set<unknown>();
    const walk = (entries: unknown[]) => {
      for (const entry of entries as (Type | DynamicModule)[]) {
        if (seen.has(entry)) continue;
        seen.add(entry);
        const moduleClass = 'module' in entry ? entry.module : entry;
        providers.push(...((Reflect.getMetadata(MODULE_METADATA.PROVIDERS, moduleClass) as Provider[]) ?? []), ...(('providers' in entry && entry.providers) || []));
        for (const controller of [...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) as Type[]) ?? []), ...(('controllers' in entry && entry.controllers) || [])]) controllers.add(controller);
        walk([...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) as unknown[]) ?? []), ...(('imports' in entry && entry.imports) || [])]);
      }
    };
    walk([app]);
    expect(controllers).toContain(InvitationsController);
    expect(providers.filter((provider) => typeof provider === 'object' && 'provide' in provider && provider.provide === APP_INTERCEPTOR)).toEqual([]);
    let creating = 0;
    for (const controller of controllers) {
      for (const [name, handler] of handlers(controller)) {
        const carried = ((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[]) ?? []).includes(IdempotencyInterceptor);
        if (isCreatingHandler(handler, controller)) creating += 1;
        expect(carried, `${controller.name}.${name}`).toBe(isCreatingHandler(handler, controller));
      }
    }
    expect(creating).toBeGreaterThan(5);
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, AuthController.prototype.currentUser)).toBeUndefined();
  });
});
