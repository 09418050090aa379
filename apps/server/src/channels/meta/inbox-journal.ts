import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { webhookInbox } from './meta.table.ts';

/** A record: its body's length and the first 4 bytes of its SHA-256, then the body (UTF-8). */
const HEAD = 8;
/** Rows in one INSERT when records move to the inbox table. */
const MOVE_ROWS = 500;
/** Once everything in it has moved, a journal longer than this starts again empty. */
const ROTATE_BYTES = 4 * 1024 * 1024;

const digest = (body: Buffer) => createHash('sha256').update(body).digest().subarray(0, 4);

function encode(bodies: string[]): Buffer {
  const parts: Buffer[] = [];
  for (const text of bodies) {
    const body = Buffer.from(text, 'utf8');
    const head = Buffer.alloc(HEAD);
    head.writeUInt32BE(body.length, 0);
    digest(body).copy(head, 4);
    parts.push(head, body);
  }
  return Buffer.concat(parts);
}

/** The whole records in `bytes` from `offset` and where they end; a torn or damaged tail ends the read. */
function decode(bytes: Buffer, offset: number): { bodies: string[]; end: number } {
  const bodies: string[] = [];
  let at = offset;
  while (at + HEAD <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const body = bytes.subarray(at + HEAD, at + HEAD + length);
    if (body.length < length || !digest(body).equals(bytes.subarray(at + 4, at + HEAD))) break;
    bodies.push(body.toString('utf8'));
    at += HEAD + length;
  }
  return { bodies, end: at };
}

/**
 * The embedded database's durable first step for a webhook delivery: an append to a file in the
 * data folder, synced to disk, before the acknowledgement. PGlite runs every statement on the
 * process's one thread, one after the other, so an INSERT there waits behind every statement the
 * turns have queued; a file append and its sync wait for the disk only.
 *
 * Records move into the inbox table (a few INSERTs) right after they are written, and the reader
 * applies them from there as it applies any row. Where the move has reached is kept beside the
 * journal once the rows are committed; a crash between the two moves the last records again,
 * which applying tolerates (a message is received once by its id; a status never goes back).
 * A record torn by a crash (never acknowledged) is cut off when the journal opens.
 */
export function openInboxJournal(dir: string, db: Db, log: FastifyBaseLogger) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'journal');
  const mark = path.join(dir, 'moved');
  // Opened once as the app starts (synchronously: a few megabytes at most).
  const fd = fs.openSync(file, 'a+');
  const content = fs.readFileSync(file);
  let size = content.length;
  const { end: whole } = decode(content, 0);
  if (whole < size) {
    log.warn({ bytes: size - whole }, 'webhook journal: a record torn by a crash (never acknowledged) is cut off');
    fs.ftruncateSync(fd, whole);
    size = whole;
  }
  let moved = Number.parseInt(fs.existsSync(mark) ? fs.readFileSync(mark, 'utf8') : '0', 10) || 0;
  // The journal was emptied after everything had moved, and the crash came before the mark said so.
  if (moved > size) moved = 0;
  let unmoved = decode(content.subarray(0, size), moved).bodies.length;

  let moving: Promise<number> | null = null;

  async function moveOnce(): Promise<number> {
    // Writes are whole when they return (synchronous), so everything up to `size` can be read.
    const end = size;
    if (moved >= end) return 0;
    const buf = Buffer.alloc(end - moved);
    await read(fd, buf, 0, buf.length, moved);
    const { bodies, end: upTo } = decode(buf, 0);
    for (let i = 0; i < bodies.length; i += MOVE_ROWS) {
      await db.insert(webhookInbox).values(bodies.slice(i, i + MOVE_ROWS).map((body) => ({ body })));
    }
    moved += upTo;
    unmoved = Math.max(0, unmoved - bodies.length);
    await writeFile(`${mark}.tmp`, String(moved));
    await rename(`${mark}.tmp`, mark);
    if (moved === size && size > ROTATE_BYTES) {
      // Emptied in one synchronous step, so no write comes in between; the mark then goes back to the start.
      fs.ftruncateSync(fd, 0);
      size = 0;
      moved = 0;
      fs.writeFileSync(`${mark}.tmp`, '0');
      fs.renameSync(`${mark}.tmp`, mark);
    }
    return bodies.length;
  }

  let moveAgain: Promise<number> | null = null;
  /** One move at a time; a move asked for during one runs after it, so it sees what was written meanwhile. */
  function move(): Promise<number> {
    if (moving) {
      moveAgain ??= moving
        .catch(() => 0)
        .then(() => {
          moveAgain = null;
          return move();
        });
      return moveAgain;
    }
    moving = moveOnce().finally(() => (moving = null));
    return moving;
  }

  return {
    /**
     * Durable once this returns: on disk, synced. In the event loop's turn, not through the thread
     * pool: a local disk syncs an append in a fraction of a millisecond, while each hop through the
     * pool waited for a turn of a loop the turns keep busy. The webhook inbox hands over the
     * deliveries of one turn together, so they share the write and the sync.
     */
    write(bodies: string[]): void {
      const bytes = encode(bodies);
      for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done);
      fs.fdatasyncSync(fd);
      size += bytes.length;
      unmoved += bodies.length;
    },

    /** Moves the records written so far into the inbox table; answers how many moved. */
    move,

    /** Records written and not yet in the table. */
    get waiting() {
      return unmoved;
    },

    async close() {
      await moving?.catch(() => undefined);
      fs.closeSync(fd);
    },
  };
}

const read = promisify(fs.read);

export type InboxJournal = ReturnType<typeof openInboxJournal>;
