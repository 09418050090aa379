import { afterEach } from 'vitest';
import { runningApps } from './app.ts';

// A failed browser test shows what its server logged last (warnings and errors), beside the browser's failure.
afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const app of runningApps) {
    const output = app.output().trim();
    console.error(`The server at ${app.url} logged last:\n${output ? output.slice(-6_000) : '(nothing)'}`);
  }
});
