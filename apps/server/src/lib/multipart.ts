import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { trainingLimits } from '@charla/shared';
import { AppError, InvalidFields } from './errors.ts';

/** Room for the multipart envelope around a file of the largest allowed size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Whether the declared body is larger than a form around a file of `fileBytes`. */
export const declaredOver = (req: FastifyRequest, fileBytes: number) => Number(req.headers['content-length'] ?? 0) > fileBytes + MULTIPART_OVERHEAD;

/** A declared size past the file limit is refused before a byte of the body is read. */
export async function refuseDeclaredOversize(req: FastifyRequest): Promise<void> {
  if (declaredOver(req, trainingLimits.fileBytes)) throw new AppError('PAYLOAD_TOO_LARGE');
}

export interface Upload {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

/** A body the multipart parser could not read (cut short, malformed): the client's fault, a 400. */
function unreadable(err: unknown): unknown {
  const status = (err as { statusCode?: number } | null)?.statusCode;
  if (err instanceof AppError || err instanceof InvalidFields || (status && status >= 400 && status < 500)) return err;
  return new AppError('MULTIPART_INVALID');
}

function checked<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new InvalidFields(parsed.error.issues);
  return parsed.data;
}

/**
 * Reads a multipart form with one file field; its text fields go through `schema` (a shared
 * contract) before anything uses them. `beforeFile` runs with the fields sent before the file,
 * already checked (a well-behaved client sends botId first), so access is checked before a byte
 * of the file is buffered. The size limit of the multipart plugin ends the read with a 413; a
 * body cut short or malformed is a 400.
 */
export async function readUpload<S extends z.ZodObject>(
  req: FastifyRequest,
  fileField: string,
  schema: S,
  beforeFile?: (fields: Partial<z.output<S>>) => Promise<void>,
): Promise<{ fields: z.output<S>; file?: Upload }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  let file: Upload | undefined;
  const parts = req.parts()[Symbol.asyncIterator]();
  for (;;) {
    const next = await parts.next().catch((err: unknown) => Promise.reject(unreadable(err)));
    if (next.done) break;
    const part = next.value;
    if (part.type === 'file') {
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        continue;
      }
      if (beforeFile) await beforeFile(checked(schema.partial(), fields) as Partial<z.output<S>>);
      const bytes = await part.toBuffer().catch((err: unknown) => Promise.reject(unreadable(err)));
      file = { filename: part.filename, mimetype: part.mimetype, bytes };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields: checked(schema, fields), file: file && file.bytes.length > 0 ? file : undefined };
}
