import { formatAmount } from "@shared/amounts";
import type { Agent, ChatMessage, ManagedAgent } from "@shared/schemas/agents";
import type { AgentWithToken, MessageRow } from "./agents.repo";

export function requirementText(row: AgentWithToken): string {
  return formatAmount(BigInt(row.agent.requirementUnits), row.token.decimals);
}

export function presentAgent(
  row: AgentWithToken,
  viewer: { userId: string | null; unlocked: boolean; held: bigint | null },
): Agent {
  const { agent, token } = row;
  return {
    id: agent.id,
    name: agent.name,
    specialty: agent.specialty,
    description: agent.description,
    avatar: agent.avatar,
    capabilities: agent.capabilities,
    tier: agent.tier,
    tokenRequirement: requirementText(row),
    tokenSymbol: token.symbol,
    tokenMint: token.mintAddress,
    tokenName: token.name,
    responseStyle: agent.responseStyle,
    isActive: agent.isActive,
    isUnlocked: viewer.unlocked,
    heldAmount: viewer.held === null ? null : formatAmount(viewer.held, token.decimals),
    isOwner: viewer.userId !== null && viewer.userId === token.userId,
  };
}

export function presentManaged(row: AgentWithToken, userId: string, held: bigint): ManagedAgent {
  const unlocked = held >= BigInt(row.agent.requirementUnits);
  return { ...presentAgent(row, { userId, unlocked, held }), knowledgeNotes: row.agent.knowledgeNotes };
}

export function presentMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    agentId: row.agentId,
    message: row.content,
    isUser: row.isUser,
    timestamp: row.createdAt.toISOString(),
    engine: row.engine,
  };
}
