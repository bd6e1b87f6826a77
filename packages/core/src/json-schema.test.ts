import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as core from './index';

/** Schemas that normalise (transform) and so are parsers only, never HTTP/OpenAPI shapes. */
const PARSERS_ONLY = new Set([
  'wireStorySchema',
  'wireDateToIsoSchema',
  'nullableWireDateToIsoSchema',
]);

const schemas: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(core as Record<string, unknown>)) {
  if (value instanceof z.ZodType && !PARSERS_ONLY.has(name)) schemas.push([name, value]);
}

describe('JSON Schema representability', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(60);
  });

  it.each(schemas)('%s converts for input and output', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it('the wire parsers really are not representable (they transform)', () => {
    expect(() => z.toJSONSchema(core.wireStorySchema, { io: 'output' })).toThrow();
  });
});
