import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requireResponseSchemas, responseSerializerCompiler } from "./response-serializer";

const Answer = z.object({ id: z.string(), owner: z.object({ name: z.string() }) });
const leaky = { id: "t1", owner: { name: "maya", passwordHash: "x" } };

async function appAnswering(strict: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ strict }));
  app.setErrorHandler((err: Error, _request, reply) => reply.status(500).send({ error: err.message }));
  app.get("/api/thing", { schema: { response: { 200: Answer } } }, async () => leaky);
  app.get("/api/things", { schema: { response: { 200: z.array(Answer) } } }, async () => [leaky, leaky]);
  return app;
}

describe("response serializer", () => {
  it("in production drops what the schema does not declare", async () => {
    const app = await appAnswering(false);
    const res = await app.inject("/api/thing");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: "t1", owner: { name: "maya" } });
  });

  it("in development and tests refuses it, naming the field", async () => {
    const app = await appAnswering(true);
    const one = await app.inject("/api/thing");
    expect(one.statusCode).toBe(500);
    expect(one.json().error).toBe(
      "GET /api/thing answered fields its response schema lacks: $.owner.passwordHash",
    );
    const many = await app.inject("/api/things");
    expect(many.json().error).toContain("$[0].owner.passwordHash, $[1].owner.passwordHash");
  });

  it("answers exactly what the schema declares when nothing is extra", async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ strict: true }));
    app.get("/api/ok", { schema: { response: { 200: Answer } } }, async () => ({
      id: "t",
      owner: { name: "n" },
    }));
    expect((await app.inject("/api/ok")).json()).toEqual({ id: "t", owner: { name: "n" } });
  });
});

describe("requireResponseSchemas", () => {
  it("refuses an API route without a success schema, and lets SVG and non-API routes be", async () => {
    const app = Fastify();
    requireResponseSchemas(app);
    app.get("/api/tokens/:mint/image.svg", async () => "<svg/>");
    app.get("/rpc", async () => "{}");
    await expect(app.ready()).resolves.toBeDefined();

    const bad = Fastify();
    requireResponseSchemas(bad);
    expect(() => bad.get("/api/naked", async () => ({}))).toThrow(
      "GET /api/naked has no response schema (see src/shared/schemas)",
    );
    expect(() =>
      bad.post("/api/only-errors", { schema: { response: { 400: z.object({}) } } }, async () => ({})),
    ).toThrow("POST /api/only-errors has no response schema");
  });
});
