import { afterEach } from 'vitest';
import { runningApps } from './app.ts';
import { pageJournals } from './env.ts';

// A failed browser test shows what its server logged last (warnings and errors), beside the browser's failure.
afterEach(({ task }) => {
  const journals = pageJournals.splice(0);
  if (task.result?.state !== 'fail') return;
  for (const [i, journal] of journals.entries()) {
    console.error(`Page ${i + 1} of the test went through:\n${journal.join('\n') || '(nothing noted)'}`);
  }
  for (const app of runningApps) {
    const output = app.output().trim();
    console.error(`The server at ${app.url} logged last:\n${output ? output.slice(-6_000) : '(nothing)'}`);
  }
});
