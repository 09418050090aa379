// Run as its own process by client.test.ts: ends the embedded backend with a FATAL error (an
// idle-in-transaction timeout) and prints what the next query did. A process that froze is
// killed by the test's timeout.
import { createDatabase } from '../client.ts';

const database = await createDatabase({});
await database.pglite!.exec(`SET idle_in_transaction_session_timeout = '50ms'; BEGIN; SELECT 1;`);
await new Promise((resolve) => setTimeout(resolve, 300));
const outcome = await database.ping().then(
  () => 'answered',
  (err: Error) => err.name,
);
process.stdout.write(`${outcome}\n`);
process.exit(0);
