import { z } from 'zod';
import type { Notice, NoticeParams } from './notices.ts';

/** A notice as rows and answers carry it (see Notice in notices.ts). */
export const noticeParams: z.ZodType<NoticeParams> = z.record(z.string(), z.union([z.string(), z.number()]));
export const notice = z.object({ code: z.string(), params: noticeParams.optional() }) satisfies z.ZodType<Notice>;
