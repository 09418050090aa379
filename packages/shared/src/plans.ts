export const planLevels = ['Free', 'Mini', 'Basic', 'Pro', 'Enterprise'] as const;
export type PlanLevel = (typeof planLevels)[number];
export const defaultPlan: PlanLevel = 'Free';

export interface PlanLimits {
  bots: number;
  messagesPerMonth: number;
  seats: number;
}

export const planLimits: Record<PlanLevel, PlanLimits> = {
  Free: { bots: 1, messagesPerMonth: 100, seats: 0 },
  Mini: { bots: 1, messagesPerMonth: 1_000, seats: 1 },
  Basic: { bots: 3, messagesPerMonth: 3_000, seats: 2 },
  Pro: { bots: 10, messagesPerMonth: 15_000, seats: 5 },
  Enterprise: { bots: 100, messagesPerMonth: 200_000, seats: 50 },
};

/** Unknown or missing plan names count as Free (spec section 4). */
export function normalizePlan(name: string | null | undefined): PlanLevel {
  return (planLevels as readonly string[]).includes(name ?? '') ? (name as PlanLevel) : defaultPlan;
}

export const limitsOf = (name: string | null | undefined): PlanLimits => planLimits[normalizePlan(name)];

/** Protected features are unlocked only when the plan is not Basic, Mini or Free. */
export function hasProtectedFeatures(name: string | null | undefined): boolean {
  const plan = normalizePlan(name);
  return plan !== 'Free' && plan !== 'Mini' && plan !== 'Basic';
}
