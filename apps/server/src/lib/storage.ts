import type { Readable } from 'node:stream';

/** A stored file's type and length in bytes. */
export interface StoredFileInfo {
  contentType: string;
  size: number;
}

/** A stored file to send on: its bytes as a stream, read as they are sent. */
export interface StoredFileStream extends StoredFileInfo {
  body: Readable;
}

/**
 * Where files customers send, training documents and partners' logos are kept, addressed by a
 * key such as "media/<botId>/<file>" or "<botId>/<documentId>.pdf". Two implementations: the
 * data folder (`DATA_DIR/files`, the embedded default) and any S3-compatible store (`S3_*`),
 * which every process of a deployment shares. A missing file is `undefined` (or `false`); any
 * other failure (the store cannot be reached, access denied) throws.
 */
export interface FileStorage {
  /** "folder" or "s3", for the log. */
  readonly kind: 'folder' | 's3';
  /** Keeps the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array, opts?: { contentType?: string }): Promise<void>;
  /** The whole file, for code that reads it (a PDF to extract); undefined when missing. */
  get(key: string): Promise<Buffer | undefined>;
  /** The file as a stream with its type and size, to serve it without holding it whole; undefined when missing. */
  stream(key: string): Promise<StoredFileStream | undefined>;
  /** Its type and size, or undefined when missing. */
  info(key: string): Promise<StoredFileInfo | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Fails with a message naming the setting when the store cannot be written to or reached (checked at start). */
  check(): Promise<void>;
  /** Lets go of connections (the S3 client's sockets). */
  close(): void;
}

export class StorageError extends Error {}

/** Keys are paths of plain segments (letters, digits, `.`, `_`, `-`), never `.` or `..`. */
const segment = /^[A-Za-z0-9._-]+$/;
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (key.length > 512 || parts.some((p) => !segment.test(p) || p === '.' || p === '..')) throw new StorageError(`bad storage key: ${JSON.stringify(key)}`);
  return key;
}

const typesByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
};

/** The type a key's extension names (the data folder keeps no type of its own); `application/octet-stream` when unknown. */
export function contentTypeOfKey(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (ext && typesByExtension[ext]) || 'application/octet-stream';
}
