import { afterAll, describe, expect, it } from 'vitest';
import { campaignOnProcesses } from './test-support/campaign-processes.ts';

const RECIPIENTS = 400;

/**
 * The worker is a real server process on the same PostgreSQL database: killed with SIGKILL in the
 * middle of a campaign, and a new process started; the campaign resumes by itself and every
 * recipient gets exactly one message. The Graph API is the fake one, which sends the `sent` status
 * of every send it accepted to the app's webhook (redelivered while no process answers), naming
 * the message by its biz_opaque_callback_data.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a campaign whose worker is killed', () => {
  let run: Awaited<ReturnType<typeof campaignOnProcesses>> | undefined;
  afterAll(() => run?.close());

  it('resumes by itself after kill -9: every recipient gets exactly one message, none twice, none lost', async () => {
    run = await campaignOnProcesses({ recipients: RECIPIENTS, ratePerSecond: 100, confirmWindowMs: 3_000 });
    const { graph, phoneNumberId } = run;
    await run.start();
    // Killed once a third went out: mid-campaign, with sends under way.
    for (const end = Date.now() + 30_000; graph.sends(phoneNumberId).length < RECIPIENTS / 3 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 5));
    run.first.child.kill('SIGKILL');
    await run.first.exited;
    const atKill = graph.sends(phoneNumberId).length;
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(RECIPIENTS);

    // A new process finds the running campaign by itself: nobody asks it to. A send claimed by the
    // killed process whose call may not have been made is taken for abandoned after the call's
    // time-out and 30 s; then, with nothing else left to send, no later status can settle it, and
    // it goes again after the last resort (6 × the 3 s window): the campaign may take that long to end.
    await run.startProcess().ready;
    expect(await run.waitDone(240_000)).toBe('completed');

    const accepted = run.acceptedPerPhone();
    // No one twice…
    expect([...accepted].filter(([, n]) => n > 1)).toEqual([]);
    const rows = await run.recipients();
    expect(rows).toHaveLength(RECIPIENTS);
    // …no one lost: every recipient reached the Graph API once and is recorded as sent.
    expect(rows.filter((r) => accepted.get(r.address.replace('+', '')) !== 1)).toEqual([]);
    expect(rows.filter((r) => r.status !== 'sent' && r.status !== 'delivered' && r.status !== 'read')).toEqual([]);
    console.warn(`kill -9 after ${atKill} sends: ${rows.length} recipients sent exactly once, 0 twice, 0 lost; statuses delivered to the app: ${graph.statusDeliveries().delivered}`);
  }, 360_000);
});
