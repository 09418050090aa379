import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('embedded database', () => {
  it('fails the next query when its backend exits, instead of freezing the process', async () => {
    const script = fileURLToPath(new URL('./test-support/backend-exit.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 });
    expect(stdout.trim()).toBe('EmbeddedDatabaseStopped');
  }, 40_000);
});
