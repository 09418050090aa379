import { z } from 'zod';
import { botTestLimits } from './bot-test-rules.ts';
import { freeText } from './text.ts';

/** One fact's alternatives: the reply holds the fact when it holds any one of them (normalized text). */
const alternative = freeText(botTestLimits.alternative).pipe(z.string().min(1));
const factGroup = z.array(alternative).min(1).max(botTestLimits.alternatives);
const factGroups = z.array(factGroup).max(botTestLimits.groups);

export const botTestListQuery = z.strictObject({ botId: z.uuid() });
export const botTestParams = z.strictObject({ id: z.uuid() });

/**
 * A saved test: the customer's question, the facts its reply must hold (`expect`: every group,
 * any alternative of each) and must not (`expectNot`), scored as the conversation evaluation does.
 */
export const botTestCreateBody = z.strictObject({
  botId: z.uuid(),
  question: freeText(botTestLimits.question).pipe(z.string().min(1)),
  expect: factGroups.min(1),
  expectNot: factGroups.default([]),
});
export type BotTestCreateBody = z.input<typeof botTestCreateBody>;

export const botTestRunBody = z.strictObject({ botId: z.uuid() });

/** The outcome of the test's latest run. */
export const botTestLastRun = z.object({ passed: z.boolean(), reply: z.string(), at: z.string() });

export const botTest = z.object({
  id: z.uuid(),
  question: z.string(),
  expect: z.array(z.array(z.string())),
  expectNot: z.array(z.array(z.string())),
  createdAt: z.string(),
  lastRun: botTestLastRun.optional(),
});
export type BotTest = z.infer<typeof botTest>;

export const botTestListResponse = z.object({ items: z.array(botTest) });
export type BotTestListResponse = z.infer<typeof botTestListResponse>;
export const botTestResponse = z.object({ test: botTest });
export type BotTestResponse = z.infer<typeof botTestResponse>;

export const botTestResult = z.object({ id: z.uuid(), passed: z.boolean(), reply: z.string() });
export const botTestRunResponse = z.object({ passed: z.number().int(), failed: z.number().int(), results: z.array(botTestResult) });
export type BotTestRunResponse = z.infer<typeof botTestRunResponse>;
