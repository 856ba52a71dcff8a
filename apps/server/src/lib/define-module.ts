import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { MemberEventLog } from '../events/member-event-log.ts';
import type { Catalogs } from '../i18n/catalogs.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * The services of every module by name. Each module adds its own entry (`declare module '…/define-module.ts'`),
 * so that a module reads another's services typed, and only those it declared it needs.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging, one entry per module.
export interface ModuleServices {}

/** What pages (loaders and actions) may call, per module, bound to the page's request. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging, one entry per module.
export interface PageServices {}

type ModuleName = keyof ModuleServices;

/** What every module is built from: the parts app.ts opens once. */
export interface ModuleContext {
  config: AppConfig;
  database: DatabaseHandle;
  /** The database as repositories use it, and the transactions that span several of them. */
  work: UnitOfWork;
  storage: Storage;
  /** Messages to every process of the app (in process, or Redis pub/sub). */
  events: EventBus;
  /** Where domains write what a member must learn of (stored in the transaction, pushed after commit). */
  memberEvents: MemberEventLog;
  catalogs: Catalogs;
  /** The server's clock; tests move it. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** Whether this process runs background work (main.ts does; tests run it themselves). */
  startWorkers: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered module's services, by module name. */
    services: ModuleServices;
    /** Per module: its page services for one request. */
    pageServiceFactories: Partial<{
      [Name in keyof PageServices]: (request: FastifyRequest, reply: FastifyReply) => PageServices[Name];
    }>;
  }
}

interface ModuleDefinition<Name extends ModuleName, Needs extends ModuleName> {
  name: Name;
  /** Modules whose services this one uses; Fastify refuses to start when one is missing or registered later. */
  needs?: readonly Needs[];
  /** Builds the module's services from the shared context and the services of the modules it needs. */
  services(
    context: ModuleContext,
    needs: Pick<ModuleServices, Needs>,
  ): ModuleServices[Name] | Promise<ModuleServices[Name]>;
  /** Registers the module's API routes, in a context of their own (its hooks stay inside). */
  routes?(scope: FastifyInstance, services: ModuleServices[Name], context: ModuleContext): void | Promise<void>;
  /**
   * What pages may call for one request. The reply is there for what an answer carries besides the page, such as
   * the session cookie a login form's action sets.
   */
  page?(
    services: ModuleServices[Name],
    request: FastifyRequest,
    reply: FastifyReply,
  ): Name extends keyof PageServices ? PageServices[Name] : never;
  /** Hooks on the whole app: for every request (which site, who is logged in) or its start and stop; most modules have none. */
  appHooks?(app: FastifyInstance, services: ModuleServices[Name], context: ModuleContext): void;
}

/** A domain as one Fastify plugin: its services, its routes, its page services, and the modules it needs. */
export function defineModule<Name extends ModuleName, Needs extends ModuleName = never>(
  definition: ModuleDefinition<Name, Needs>,
): FastifyPluginAsync<ModuleContext> {
  const plugin: FastifyPluginAsync<ModuleContext> = async (app, context) => {
    const needs = Object.fromEntries((definition.needs ?? []).map((name) => [name, app.services[name]]));
    const services = await definition.services(context, needs as Pick<ModuleServices, Needs>);
    app.services[definition.name] = services;
    const page = definition.page;
    if (page) {
      (app.pageServiceFactories as Record<string, PageServiceFactory>)[definition.name] = (request, reply) =>
        page(services, request, reply);
    }
    definition.appHooks?.(app, services, context);
    const routes = definition.routes;
    if (routes) await app.register(async (scope) => routes(scope, services, context));
  };
  // Not encapsulated itself, so that its request hooks reach every route; its routes are registered in a child.
  return fastifyPlugin(plugin, { name: definition.name, dependencies: [...(definition.needs ?? [])] });
}

type PageServiceFactory = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** The page services of every module, bound to one request and its reply. */
export function bindPageServices(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): PageServices {
  return Object.fromEntries(
    Object.entries(app.pageServiceFactories).map(([name, create]) => [
      name,
      (create as PageServiceFactory)(request, reply),
    ]),
  ) as unknown as PageServices;
}
