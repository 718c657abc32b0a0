import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { signInRequired } from "../http-errors";
import type { SessionService } from "../modules/accounts/session.service";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id, or null. Resolved lazily: public routes pay nothing. */
    userId(): Promise<string | null>;
    /** The signed-in user's id; 401 otherwise. */
    requireUserId(): Promise<string>;
    /** Whether the request carries a session cookie at all, live or dead. */
    hasSessionCookie(): boolean;
  }
  interface FastifyReply {
    startSession(userId: string): Promise<void>;
    endSession(): Promise<void>;
  }
}

export const sessionsPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionService; secure: boolean }) => {
    const name = opts.secure ? "__Host-sid" : "sid";
    await app.register(cookie);

    const resolved = new WeakMap<FastifyRequest, Promise<string | null>>();
    app.decorateRequest("userId", function (this: FastifyRequest) {
      let pending = resolved.get(this);
      if (!pending) {
        const token = this.cookies[name];
        pending = token ? opts.sessions.resolve(token) : Promise.resolve(null);
        resolved.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest("requireUserId", async function (this: FastifyRequest) {
      const id = await this.userId();
      if (!id) throw signInRequired();
      return id;
    });

    app.decorateRequest("hasSessionCookie", function (this: FastifyRequest) {
      return Boolean(this.cookies[name]);
    });

    // Rotation at login: the old session (if any) dies, a new id is issued.
    app.decorateReply("startSession", async function (this: FastifyReply, userId: string) {
      const old = this.request.cookies[name];
      if (old) await opts.sessions.revoke(old);
      const { token, expiresAt } = await opts.sessions.create(userId);
      resolved.set(this.request, Promise.resolve(userId));
      this.setCookie(name, token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: opts.secure,
        expires: expiresAt,
      });
    });
    app.decorateReply("endSession", async function (this: FastifyReply) {
      const token = this.request.cookies[name];
      if (token) await opts.sessions.revoke(token);
      resolved.set(this.request, Promise.resolve(null));
      this.clearCookie(name, { path: "/" });
    });
  },
);
