import { conversationStatuses, noticeParams } from '@charla/shared';
import { describe, expect, it } from 'vitest';
import { enumColumn, jsonColumn } from './row-parse.ts';

describe('row parsers', () => {
  const status = enumColumn(conversationStatuses, 'conversations.status');

  it('answers a known enum value as it is', () => {
    expect(status('human')).toBe('human');
  });

  it('refuses an unknown enum value, naming the column', () => {
    expect(() => status('archived')).toThrow(/conversations\.status holds a value the application does not know: "archived"/);
  });

  it('checks a json column against its shared schema', () => {
    const params = jsonColumn(noticeParams, 'messages.error_params');
    expect(params({ metaCode: 131047 })).toEqual({ metaCode: 131047 });
    expect(() => params({ metaCode: { nested: true } })).toThrow(/messages\.error_params holds a value of the wrong shape: metaCode/);
  });
});
