import { describe, expect, it } from 'vitest';
import { parameterLines } from '../../pipeline/endpoints/parameter-lines.ts';

describe('parameterLines', () => {
  it('shows a parameter’s default, its enum values as their own sentence, and a path parameter as required', () => {
    expect(
      parameterLines([
        {
          in: 'query',
          name: 'status',
          description: 'Filter by status',
          schema: { type: 'string', enum: ['active', 'deleted'], default: 'active' },
        },
        { in: 'query', name: 'limit', description: 'Page size.', schema: { type: 'integer', default: 20 } },
        { in: 'path', name: 'id', schema: { type: 'string' } },
        { in: 'header', name: 'X-Mode', schema: { type: 'string', enum: ['fast', 'safe'] } },
        { in: 'query', name: '', schema: { type: 'string' } },
      ]),
    ).toEqual([
      'status (query, string, default "active"): Filter by status. One of: active, deleted.',
      'limit (query, integer, default 20): Page size.',
      'id (path, string, required)',
      'X-Mode (header, string): One of: fast, safe.',
    ]);
  });
});
