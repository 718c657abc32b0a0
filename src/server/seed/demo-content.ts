import type { AgentTier } from "@shared/constants";

// The demo content `npm run seed` creates: the spec's four sample agents (section 9), each
// on a real token launched by a demo creator, with notes they answer from.

export const DEMO_PASSWORD = "demo-pass-2024";

export const DEMO_CREATOR = {
  username: "demo_creator",
  email: "creator@demo.launchpad.test",
  password: DEMO_PASSWORD,
};
/** Each demo token's market: this share of the supply goes on its bonding curve, so a fan can
 * buy their way into the demo agents (the rest stays with the demo creator). */
export const DEMO_CURVE_SHARE_BPS = 8000;

export const DEMO_FAN = { username: "demo_fan", email: "fan@demo.launchpad.test", password: DEMO_PASSWORD };

export interface DemoToken {
  symbol: string;
  name: string;
  description: string;
  tagline: string;
  totalSupply: string;
  /** Whole tokens the demo fan is given (enough to unlock, or none). */
  fanHolding: string;
  agent: {
    name: string;
    specialty: string;
    description: string;
    avatar: string;
    capabilities: string[];
    tier: AgentTier;
    tokenRequirement: string;
    responseStyle: string;
    knowledgeNotes: string;
  };
}

export const DEMO_TOKENS: DemoToken[] = [
  {
    symbol: "ART",
    name: "Demo Art Collective",
    description:
      "Demo token of the launchpad's sample art community. Holders unlock the Creative Catalyst agent.",
    tagline: "Demo: creativity, owned together",
    totalSupply: "1000000",
    fanHolding: "1500",
    agent: {
      name: "Creative Catalyst",
      specialty: "Creative Direction & Ideation",
      description: "Breaks creative blocks and shapes rough ideas into projects your fans will love.",
      avatar: "🎨",
      capabilities: ["Brainstorming", "Art direction", "Creative feedback", "Color palettes"],
      tier: "basic",
      tokenRequirement: "1000",
      responseStyle: "Inspiring and imaginative",
      knowledgeNotes: `# Beating creative block
When you feel stuck, change the input, not the effort: take a 20-minute walk, collect five photos of textures, then sketch for ten minutes with no goal. Constraints help more than freedom: pick three colors and one shape and make five thumbnails.

# Color palettes
Start with one dominant color, one supporting color and one accent used on less than 10% of the piece. Warm accents on cool backgrounds pull the eye. Test palettes in grayscale first: if the values read well, the colors will too.

# Sharing work with fans
Post process, not only results: a time-lapse or three in-progress shots gets more replies than a finished piece alone. Ask one specific question per post ("which background, A or B?") so fans can take part.

# Pricing commissions
Price by hours times your hourly rate, plus 20% for revisions. Offer three tiers (sketch, flat color, full render) so fans can choose their budget.`,
    },
  },
  {
    symbol: "CODE",
    name: "Demo Code Academy",
    description:
      "Demo token of the launchpad's sample developer community. Holders unlock the Code Mentor agent.",
    tagline: "Demo: learn to ship, together",
    totalSupply: "1000000",
    fanHolding: "0",
    agent: {
      name: "Code Mentor",
      specialty: "Programming & Technical Guidance",
      description: "Reviews your approach, explains concepts and helps you debug step by step.",
      avatar: "💻",
      capabilities: ["Code review", "Debugging help", "Architecture advice", "Best practices"],
      tier: "premium",
      tokenRequirement: "5000",
      responseStyle: "Technical and educational",
      knowledgeNotes: `# Debugging
Reproduce the bug with the smallest possible input first. Then bisect: comment out half of the suspect code or use git bisect across commits. Read the full error message and stack trace before changing anything.

# Testing
Write the test before the fix so you see it fail. Test behaviour through public interfaces, not private details. Keep unit tests fast (under 50 ms each) so you run them on every save.

# Code review
Keep pull requests small: under 400 changed lines gets a real review, bigger ones get skimmed. Review for correctness first, then clarity, then style; let the formatter handle style.

# Architecture
Start with a modular monolith: one deployable, clear module boundaries, dependencies pointing inward. Split into services only when a team or a scaling need forces it.`,
    },
  },
  {
    symbol: "BEAT",
    name: "Demo Beat Lab",
    description:
      "Demo token of the launchpad's sample music community. Holders unlock the Music Producer AI agent.",
    tagline: "Demo: make the beat with your fans",
    totalSupply: "1000000",
    fanHolding: "0",
    agent: {
      name: "Music Producer AI",
      specialty: "Music Production & Sound Design",
      description: "Helps with arrangement, mixing decisions and sound design for your next track.",
      avatar: "🎵",
      capabilities: ["Beat making", "Mixing tips", "Sound design", "Arrangement"],
      tier: "elite",
      tokenRequirement: "10000",
      responseStyle: "Creative and technical",
      knowledgeNotes: `# Mixing
Gain-stage first: aim for peaks around -6 dBFS on each track before any plugin. Cut before you boost: a high-pass filter at 100 Hz on everything except kick and bass clears the low end.

# Arrangement
Use the 8-bar rule: change something every eight bars (add a layer, remove the drums, filter the pad) so the listener stays engaged. Build contrast between verse and chorus with density, not only volume.

# Sound design
Layer a kick from two samples: one for the click (high end) and one for the body (50 to 60 Hz). Sidechain the bass to the kick with a fast release so the low end breathes.

# Releasing music
Release a single every six to eight weeks rather than an album a year; each release feeds the streaming algorithms again. Share stems with token holders for remix contests.`,
    },
  },
  {
    symbol: "BIZ",
    name: "Demo Biz Circle",
    description:
      "Demo token of the launchpad's sample business community. Holders unlock the Business Strategist agent.",
    tagline: "Demo: grow a creator business that lasts",
    totalSupply: "1000000",
    fanHolding: "3000",
    agent: {
      name: "Business Strategist",
      specialty: "Business Growth & Monetization",
      description: "Turns an audience into a sustainable business: offers, pricing and growth plans.",
      avatar: "📈",
      capabilities: ["Monetization strategy", "Audience growth", "Partnerships", "Pricing"],
      tier: "premium",
      tokenRequirement: "2500",
      responseStyle: "Strategic and analytical",
      knowledgeNotes: `# Monetization
Diversify income across at least three streams (memberships, digital products, sponsorships) so no platform change can cut more than a third of revenue. Platforms typically take 30 to 50% of creator earnings; owned channels such as an email list and a token community keep that margin.

# Pricing
Price on value, not time: anchor with a premium tier so the middle tier feels reasonable. Raise prices for new customers first and keep early supporters at their original price as a loyalty reward.

# Audience growth
Focus on one main platform until it reaches 10,000 engaged followers, then repurpose content to a second. Measure engagement rate (comments and shares per view), not follower count.

# Partnerships
Pitch brands with a one-page media kit: audience demographics, engagement rate, three past results. Prefer long-term partnerships over one-off posts; they convert better and read as more honest.`,
    },
  },
];
