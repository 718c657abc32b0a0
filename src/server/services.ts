import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "./app";
import { SessionService } from "./modules/accounts/session.service";
import { aiRoutes } from "./modules/ai/ai.routes";
import { AiService } from "./modules/ai/ai.service";
import { siteRoutes } from "./modules/site/site.routes";
import { SiteService } from "./modules/site/site.service";

/** Wires every service from the app's parts, and lists the route plugins in load order.
 * Services receive their dependencies as an object, so tests hand them real ones. */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const sessions = new SessionService(db);

  const site = new SiteService({ db, links: deps.config.links });

  const ai = new AiService({ db, ai: deps.ai });

  const routes: FastifyPluginAsync[] = [];
  routes.push(aiRoutes(ai));
  routes.push(siteRoutes(site));
  return { sessions, routes };
}

export type Services = ReturnType<typeof createServices>;
