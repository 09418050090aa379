// Every test: unit and integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser suite in Chromium against the built app.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npx', ['vitest', 'run', '--project', 'shared', '--project', 'server', '--project', 'web']);
run('node', ['scripts/ensure-chromium.mjs']);
run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', '--project', 'e2e']);
