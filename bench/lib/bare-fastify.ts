import path from 'node:path';
import { startChildServer, type ChildServer } from './child-server.ts';
import { freePort } from './free-port.ts';
import { repoRoot } from './paths.ts';

/** Starts the bare Fastify hello-world (`bare-fastify-app.mjs`) as a child process. */
export async function startBareFastify(): Promise<ChildServer> {
  const port = await freePort();
  return startChildServer({
    name: 'bare Fastify',
    args: [path.join(repoRoot, 'bench/lib/bare-fastify-app.mjs')],
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    port,
    readyPath: '/',
  });
}
