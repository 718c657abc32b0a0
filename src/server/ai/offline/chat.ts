import type { AgentChatRequest } from "../engine";

/** Offline agent answers (grounded retrieval lands in the agents step). */
export async function* answerOffline(request: AgentChatRequest): AsyncIterable<string> {
  yield `${request.agent.name} is not ready to answer yet.`;
}
