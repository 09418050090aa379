// The local Graph API in a process of its own, as Meta is to the server: the sender's process
// spends its CPU on its own work only. The child drains its call log into counts per phone on
// request, so neither process keeps every call of a 100,000-recipient campaign.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Drained {
  /** Accepted sends per recipient since the last drain. */
  perPhone: Record<string, number>;
  /** performance.now() of the child at the first and last accepted send since the last drain (0 when none). */
  firstAt: number;
  lastAt: number;
  /** Sends refused with 130429 (past the rate) since the last drain. */
  refused: number;
}

type ToChild = { type: 'drain' } | { type: 'close' };
type FromChild = { type: 'ready'; url: string } | ({ type: 'drained' } & Drained);

if (process.send && process.env.GRAPH_PROCESS_RATE) {
  // The child.
  const { fakeGraph } = await import('../../apps/server/src/channels/meta/test-support/fake-graph.ts');
  const graph = await fakeGraph();
  graph.setRate(Number(process.env.GRAPH_PROCESS_RATE));
  const send = (m: FromChild) => process.send!(m);
  process.on('message', (m: ToChild) => {
    if (m.type === 'close') {
      void graph.close().then(() => process.exit(0));
      return;
    }
    const perPhone: Record<string, number> = {};
    let firstAt = 0;
    let lastAt = 0;
    let refused = 0;
    for (const c of graph.calls.splice(0)) {
      if (c.method !== 'POST' || !c.path.endsWith('/messages')) continue;
      // A call refused (130429 past the rate) is not a message.
      if (c.status !== 200) {
        refused++;
        continue;
      }
      const to = (c.body as { to: string }).to;
      perPhone[to] = (perPhone[to] ?? 0) + 1;
      firstAt ||= c.at;
      lastAt = c.at;
    }
    send({ type: 'drained', perPhone, firstAt, lastAt, refused });
  });
  send({ type: 'ready', url: graph.url });
}

/** Starts the fake Graph API in a child process held to `rate` messages a second. */
export async function graphProcess(rate: number) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, GRAPH_PROCESS_RATE: String(rate) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: FromChild['type']) =>
    new Promise<FromChild>((resolve, reject) => {
      const onMessage = (m: FromChild) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`the Graph API process exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = (await next('ready')) as { url: string };
  return {
    url: ready.url,
    async drain(): Promise<Drained> {
      const answer = next('drained');
      child.send({ type: 'drain' } satisfies ToChild);
      return (await answer) as Drained & { type: 'drained' };
    },
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'close' } satisfies ToChild);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      child.kill('SIGKILL');
    },
  };
}
