export const planLevels = ['Free', 'Mini', 'Basic', 'Pro', 'Business', 'Enterprise'] as const;
export type PlanLevel = (typeof planLevels)[number];
export const defaultPlan: PlanLevel = 'Free';

/** Unknown or missing plan names count as Free (spec section 4). */
export function normalizePlan(name: string | null | undefined): PlanLevel {
  return (planLevels as readonly string[]).includes(name ?? '') ? (name as PlanLevel) : defaultPlan;
}

/** Protected features are unlocked only when the plan is not Basic, Mini or Free. */
export function hasProtectedFeatures(name: string | null | undefined): boolean {
  const plan = normalizePlan(name);
  return plan !== 'Free' && plan !== 'Mini' && plan !== 'Basic';
}
