import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from './test/s3-server.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';

/** The real entry point refuses to start on settings that would break a deployment, and says which one. */
describe('the start stops on a setting several machines need', () => {
  let s3: LocalS3;
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterEach(() => {
    for (const p of running.splice(0)) p.kill();
  });
  afterAll(() => s3?.close());

  async function exitOf(env: Record<string, string>) {
    const p = startServerProcess(env);
    running.push(p);
    const exit = await p.exited;
    return { code: exit.code, stderr: p.stderr() };
  }

  it('DATABASE_URL without APP_SECRET', async () => {
    const { code, stderr } = await exitOf({ DATABASE_URL: 'postgres://charla:clave@127.0.0.1:1/charla' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/APP_SECRET="": is required when DATABASE_URL is set/);
    expect(stderr).not.toContain('clave');
  }, 90_000);

  it('a bucket the store does not have', async () => {
    const { code, stderr } = await exitOf({ ...s3.env, S3_BUCKET: 'not-created' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/S3_BUCKET="not-created": there is no such bucket at http:\/\/127\.0\.0\.1:\d+/);
  }, 90_000);
});
