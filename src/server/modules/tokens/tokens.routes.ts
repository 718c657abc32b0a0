import { hasPublicExplorer } from "@shared/explorer";
import { LedgerInfoSchema } from "@shared/schemas/ledger";
import { IdParamsSchema, MintParamsSchema } from "@shared/schemas/params";
import { HoldingsResponseSchema } from "@shared/schemas/portfolio";
import {
  CreateTokenResponseSchema,
  CreateTokenSchema,
  PreparedLaunchSchema,
  SubmitTokenSchema,
  type Token,
  type TokenBalance,
  TokenBalancesSchema,
  type TokenDetails,
  TokenDetailsSchema,
  TokenListSchema,
  TokenMetadataJsonSchema,
  TransferSchema,
} from "@shared/schemas/token";
import { PreparedTransferSchema, SubmitTransferSchema, TransferResultSchema } from "@shared/schemas/transfer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Ledger } from "../../ledger/ledger";
import { perUser } from "../../plugins/rate-limits";
import { openToAnyOrigin } from "../../plugins/security";
import type { LaunchService } from "./launch.service";
import type { TokensService } from "./tokens.service";
import type { TransferService } from "./transfer.service";

interface Deps {
  tokens: TokensService;
  launches: LaunchService;
  transfers: TransferService;
  ledger: Ledger;
  publicUrl: string;
}

export const tokensRoutes =
  ({ tokens, launches, transfers, ledger, publicUrl }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const launchLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
    // Per account too, whatever addresses it comes from; one budget for both launch paths.
    const launchesPerUser = perUser(
      app,
      "launch",
      { max: 10, timeWindow: "1 hour" },
      "Too many launches in a row. Try again in a while.",
    );

    app.post(
      "/api/tokens/create",
      {
        schema: { body: CreateTokenSchema, response: { 201: CreateTokenResponseSchema } },
        config: launchLimit,
        preHandler: launchesPerUser,
      },
      async (request, reply) => {
        const result = await launches.launch(await request.requireUserId(), request.body);
        return reply.status(201).send(result);
      },
    );

    app.post(
      "/api/tokens/prepare",
      {
        schema: { body: CreateTokenSchema, response: { 200: PreparedLaunchSchema } },
        config: launchLimit,
        preHandler: launchesPerUser,
      },
      async (request) => launches.prepare(await request.requireUserId(), request.body),
    );

    app.post(
      "/api/tokens/submit",
      { schema: { body: SubmitTokenSchema, response: { 201: CreateTokenResponseSchema } } },
      async (request, reply) => {
        const result = await launches.submit(
          await request.requireUserId(),
          request.body.tokenId,
          request.body.transaction,
        );
        return reply.status(201).send(result);
      },
    );

    // Launches are public facts on chain; anyone may list a creator's tokens.
    app.get(
      "/api/tokens/user/:id",
      { schema: { params: IdParamsSchema, response: { 200: TokenListSchema } } },
      async (request, reply) => {
        // Already JSON, serialized from Token[] once per change: Fastify sends a Buffer as is.
        const json = await tokens.listJsonForUser(request.params.id);
        return reply.type("application/json; charset=utf-8").send(json as unknown as Token[]);
      },
    );

    app.get(
      "/api/tokens/:mint",
      { schema: { params: MintParamsSchema, response: { 200: TokenDetailsSchema } } },
      async (request, reply) => {
        // Already JSON (checked against the schema when made): Fastify sends a Buffer as is.
        const json = await tokens.publicViewJson(request.params.mint, await request.userId());
        return reply.type("application/json; charset=utf-8").send(json as unknown as TokenDetails);
      },
    );

    // Wallets and explorers read a token's metadata and image from their own origins.
    app.get(
      "/api/tokens/:mint/metadata.json",
      { schema: { params: MintParamsSchema, response: { 200: TokenMetadataJsonSchema } } },
      async (request, reply) => {
        openToAnyOrigin(reply).header("cache-control", "public, max-age=60");
        return tokens.metadataJson(request.params.mint, publicUrl);
      },
    );

    app.get(
      "/api/tokens/:mint/image.svg",
      { schema: { params: MintParamsSchema } },
      async (request, reply) => {
        const svg = await tokens.imageSvg(request.params.mint);
        // A symbol never changes; the image is inert (no scripts, nothing loaded from elsewhere).
        return openToAnyOrigin(reply)
          .type("image/svg+xml; charset=utf-8")
          .header("cache-control", "public, max-age=86400")
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );

    const transferLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };
    app.post(
      "/api/tokens/:mint/transfer",
      {
        schema: { params: MintParamsSchema, body: TransferSchema, response: { 200: TransferResultSchema } },
        config: transferLimit,
      },
      async (request) => transfers.transfer(await request.requireUserId(), request.params.mint, request.body),
    );

    // An external wallet's transfer: prepared here, signed in the browser, submitted back.
    app.post(
      "/api/tokens/:mint/transfer/prepare",
      {
        schema: { params: MintParamsSchema, body: TransferSchema, response: { 200: PreparedTransferSchema } },
        config: transferLimit,
      },
      async (request) => transfers.prepare(await request.requireUserId(), request.params.mint, request.body),
    );

    app.post(
      "/api/tokens/:mint/transfer/submit",
      {
        schema: {
          params: MintParamsSchema,
          body: SubmitTransferSchema,
          response: { 200: TransferResultSchema },
        },
        config: transferLimit,
      },
      async (request) =>
        transfers.submit(
          await request.requireUserId(),
          request.params.mint,
          request.body.transferId,
          request.body.transaction,
        ),
    );

    app.get(
      "/api/portfolio/holdings",
      { schema: { response: { 200: HoldingsResponseSchema } } },
      async (request) => ({
        holdings: await tokens.holdingsForUser(await request.requireUserId()),
      }),
    );

    app.get(
      "/api/user/token-balances",
      { schema: { response: { 200: TokenBalancesSchema } } },
      async (request, reply) => {
        // Already JSON, serialized once per change of the holdings (see listJsonForUser).
        const json = await tokens.balancesJsonForUser(await request.requireUserId());
        return reply.type("application/json; charset=utf-8").send(json as unknown as TokenBalance[]);
      },
    );

    app.get("/api/ledger", { schema: { response: { 200: LedgerInfoSchema } } }, async () => ({
      kind: ledger.info.kind,
      cluster: ledger.info.cluster,
      label: ledger.info.clusterLabel,
      explorer: hasPublicExplorer(ledger.info.cluster) ? ("public" as const) : ("none" as const),
    }));
  };
