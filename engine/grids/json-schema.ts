import { ScreenDefinitionSchema } from './definition-schema';

/** The published JSON Schema of screen definitions (plain JSON, no TypeBox symbols). */
export function screenDefinitionJsonSchema(): Record<string, unknown> {
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...(JSON.parse(JSON.stringify(ScreenDefinitionSchema)) as Record<string, unknown>) };
}
