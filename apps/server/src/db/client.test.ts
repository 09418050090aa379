import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabaseStopped, failWhenBackendExits, type PgliteLoop } from './embedded.ts';

const run = promisify(execFile);

/**
 * PGlite's protocol loop as it is written (execProtocolRawSync): PostgresMainLoopOnce until the
 * message is read; after an exception, restore the stack and, for an ERROR's longjmp, recover.
 * `step` stands for one pass of the backend: one that returns has read the message.
 */
function loopLike(step: () => void): PgliteLoop {
  const mod = {
    _PostgresMainLoopOnce: step,
    _PostgresMainLongJmp: () => undefined,
    stackSave: () => 0,
    stackRestore: (_pointer: number) => undefined,
  };
  return {
    Module: mod,
    execProtocolRawSync(message: Uint8Array) {
      let read = 0;
      while (read < message.length) {
        let pointer = 0;
        try {
          pointer = mod.stackSave();
          mod._PostgresMainLoopOnce();
          read = message.length;
        } catch (err) {
          mod.stackRestore(pointer);
          if ((err as { status?: number }).status === 100) mod._PostgresMainLongJmp();
        }
      }
      return new Uint8Array(0);
    },
  };
}
const exit = (status: number) => Object.assign(new Error(`Program terminated with exit(${status})`), { name: 'ExitStatus', status });

describe('embedded database', () => {
  it('fails the next query when its backend exits, instead of freezing the process', async () => {
    const script = fileURLToPath(new URL('./test-support/backend-exit.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 });
    expect(stdout.trim()).toBe('EmbeddedDatabaseStopped');
  }, 40_000);

  it('carries an exit, a trap, or one message failing without end out of the protocol loop', () => {
    const exited = loopLike(() => {
      throw exit(1);
    });
    failWhenBackendExits(exited);
    expect(() => exited.execProtocolRawSync(new Uint8Array(5))).toThrow(EmbeddedDatabaseStopped);

    const trapped = loopLike(() => {
      throw new WebAssembly.RuntimeError('null function or function signature mismatch');
    });
    failWhenBackendExits(trapped);
    expect(() => trapped.execProtocolRawSync(new Uint8Array(5))).toThrow(EmbeddedDatabaseStopped);

    let passes = 0;
    const repeating = loopLike(() => {
      passes++;
      throw exit(100);
    });
    failWhenBackendExits(repeating);
    expect(() => repeating.execProtocolRawSync(new Uint8Array(5))).toThrow(EmbeddedDatabaseStopped);
    expect(passes).toBe(1001);
  });

  it('leaves an ordinary ERROR to PGlite, which recovers from it', () => {
    let passes = 0;
    const once = loopLike(() => {
      if (++passes === 1) throw exit(100);
    });
    failWhenBackendExits(once);
    expect(() => once.execProtocolRawSync(new Uint8Array(5))).not.toThrow();
    expect(passes).toBe(2);
  });
});
