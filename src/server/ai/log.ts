import type { Config } from "../config";

/** Where the AI layer reports fallbacks. Only summaries go through it, never raw error
 * objects: those can carry request details, and a provider key must never reach a log. */
export interface AiLog {
  warn(message: string, detail?: Record<string, unknown>): void;
}

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"];

/** JSON lines on stderr at warn level, silenced by LOG_LEVEL above warn or "silent". */
export function defaultAiLog(config: Pick<Config, "LOG_LEVEL">): AiLog {
  const enabled = config.LOG_LEVEL !== "silent" && LEVELS.indexOf(config.LOG_LEVEL) <= LEVELS.indexOf("warn");
  return {
    warn(message, detail) {
      if (!enabled) return;
      process.stderr.write(
        `${JSON.stringify({ level: 40, time: Date.now(), component: "ai", msg: message, ...detail })}\n`,
      );
    },
  };
}

/** Replaces every occurrence of each secret in a text. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out;
}
