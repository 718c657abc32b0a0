// Public surface of the rewards feature for pages.
export { useActiveRewards, useRewardStats } from "./api/get-rewards";
export { ActiveRewards } from "./components/active-rewards";
export { CreateReward } from "./components/create-reward";
export { MyCollection } from "./components/my-collection";
export { MyRewards } from "./components/my-rewards";
export { SignInNeeded } from "./components/sign-in-needed";
export { StatCards } from "./components/stat-cards";
export { TopCollectors } from "./components/top-collectors";
