import { afterAll, describe, expect, it } from 'vitest';
import { campaignOnProcesses } from './test-support/campaign-processes.ts';

const RECIPIENTS = 400;

/**
 * The worker is a real server process on the same PostgreSQL database: killed with SIGKILL in the
 * middle of a campaign, and a new process started; the campaign resumes by itself and no
 * recipient gets two messages.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a campaign whose worker is killed', () => {
  let run: Awaited<ReturnType<typeof campaignOnProcesses>> | undefined;
  afterAll(() => run?.close());

  it('resumes by itself after kill -9: no recipient twice, everyone sent once except sends under way at the kill, kept as unconfirmed', async () => {
    run = await campaignOnProcesses({ recipients: RECIPIENTS, ratePerSecond: 100 });
    const { graph, phoneNumberId } = run;
    await run.start();
    // Killed once a third went out: mid-campaign, with sends under way.
    for (const end = Date.now() + 30_000; graph.sends(phoneNumberId).length < RECIPIENTS / 3 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 5));
    run.first.child.kill('SIGKILL');
    await run.first.exited;
    const atKill = graph.sends(phoneNumberId).length;
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(RECIPIENTS);

    // A new process finds the running campaign by itself: nobody asks it to.
    await run.startProcess().ready;
    expect(await run.waitDone(120_000)).toBe('completed');

    const perPhone = run.perPhone();
    expect([...perPhone].filter(([, n]) => n > 1)).toEqual([]);
    const rows = await run.recipients();
    expect(rows).toHaveLength(RECIPIENTS);
    // Every recipient recorded as sent got exactly one message.
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent.filter((r) => perPhone.get(r.address.replace('+', '')) !== 1)).toEqual([]);
    // The only others are the sends under way when the process died (claimed with Meta, unanswered):
    // never repeated, since they may have reached Meta; at most one batch per lane.
    const unconfirmed = rows.filter((r) => r.status !== 'sent');
    expect(unconfirmed.every((r) => r.status === 'failed' && r.reason === 'UNCONFIRMED')).toBe(true);
    expect(unconfirmed.length).toBeLessThanOrEqual(100);
    console.warn(`kill -9 after ${atKill} sends: ${sent.length} sent once, ${unconfirmed.length} unconfirmed (${unconfirmed.filter((r) => perPhone.has(r.address.replace('+', ''))).length} of them reached the Graph API), 0 twice`);
  }, 240_000);
});
