import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogle } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { Config } from "../../config";

export type ProviderName = "openai" | "google" | "anthropic" | "openai-compatible";

/** A configured model, or why none could be configured. */
export type ModelChoice =
  | {
      ok: true;
      provider: ProviderName;
      modelId: string;
      model: LanguageModel;
      label: string;
      secrets: string[];
    }
  | { ok: false; reason: string };

const DEFAULT_MODELS: Record<ProviderName, string> = {
  openai: "gpt-4o-mini",
  google: "gemini-2.5-flash",
  anthropic: "claude-haiku-4-5",
  // Ollama's usual small model; LM Studio and vLLM users set AI_MODEL.
  "openai-compatible": "llama3.2",
};

const KEY_VARS = {
  openai: "OPENAI_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
} as const;

/** Builds the AI SDK model that AI_PROVIDER, AI_MODEL, AI_BASE_URL and the key select. */
export function chooseModel(config: Config): ModelChoice {
  const provider = config.AI_PROVIDER;
  if (!provider || provider === "offline") return { ok: false, reason: "no AI_PROVIDER configured" };
  const modelId = config.AI_MODEL ?? DEFAULT_MODELS[provider];
  const baseURL = config.AI_BASE_URL;

  if (provider === "openai-compatible") {
    const apiKey = config.AI_API_KEY;
    const local = createOpenAICompatible({
      name: "openai-compatible",
      baseURL: baseURL ?? "http://127.0.0.1:11434/v1",
      apiKey,
      // Ollama, LM Studio and vLLM accept response_format json_schema.
      supportsStructuredOutputs: true,
    });
    return {
      ok: true,
      provider,
      modelId,
      model: local.chatModel(modelId),
      label: modelId,
      secrets: apiKey ? [apiKey] : [],
    };
  }

  const apiKey = config[KEY_VARS[provider]];
  if (!apiKey) return { ok: false, reason: `${KEY_VARS[provider]} is not set` };
  const label = `${provider} ${modelId}`;
  switch (provider) {
    case "openai":
      // Chat Completions rather than Responses: the protocol every OpenAI-style proxy speaks.
      return {
        ok: true,
        provider,
        modelId,
        model: createOpenAI({ apiKey, baseURL }).chat(modelId),
        label,
        secrets: [apiKey],
      };
    case "google":
      return {
        ok: true,
        provider,
        modelId,
        model: createGoogle({ apiKey, baseURL })(modelId),
        label,
        secrets: [apiKey],
      };
    case "anthropic":
      return {
        ok: true,
        provider,
        modelId,
        model: createAnthropic({ apiKey, baseURL })(modelId),
        label,
        secrets: [apiKey],
      };
  }
}
