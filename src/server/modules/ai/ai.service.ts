import { type AiProfile, NOT_A_DESCRIPTION_MESSAGE } from "@shared/schemas/ai";
import { isDescription, plainText } from "../../ai";
import type { AiEngine, IdentityRequest } from "../../ai/engine";
import type { Db } from "../../db/client";
import { badGateway, badRequest } from "../../http-errors";
import { takenSymbols } from "./ai.repo";

export const IDENTITY_FAILED = "Failed to generate AI profile";

/** Identity drafting for the wizard's first step. The engine decides how; this service gives
 * it the platform's facts (symbols in use) and turns any failure into the spec's message. */
export class AiService {
  constructor(private readonly deps: { db: Db; ai: AiEngine }) {}

  async generateIdentity(request: IdentityRequest): Promise<AiProfile> {
    // Keyboard mash gets a clear 400, from any engine: a provider would only invent a person.
    if (!isDescription(request.userInput)) {
      throw badRequest(
        NOT_A_DESCRIPTION_MESSAGE,
        { userInput: NOT_A_DESCRIPTION_MESSAGE },
        "NOT_A_DESCRIPTION",
      );
    }
    // Markup and addresses are no part of anyone's identity, for any engine.
    const userInput = plainText(request.userInput);
    try {
      return await this.deps.ai.draftIdentity(
        { ...request, userInput },
        {
          takenSymbols: (symbols) => takenSymbols(this.deps.db, symbols),
        },
      );
    } catch (err) {
      // Engines fall back rather than throw, so this is the platform failing (the database):
      // the cause travels with the error for the route to log.
      throw Object.assign(badGateway(IDENTITY_FAILED), { cause: err });
    }
  }
}
