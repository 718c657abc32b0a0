// Public surface of the agents feature for pages.
export { useAgents } from "./api/get-agents";
export { AgentList } from "./components/agent-list";
export { ChatPanel } from "./components/chat-panel";
export { ManageAgents } from "./components/manage-agents";
