import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeWithBlock } from '../../scripts/unimplemented-methods';

describe('README', () => {
  it('lists exactly the catalogue methods that still answer 501 (npx tsx scripts/unimplemented-methods.ts --write)', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    expect(readme).toBe(readmeWithBlock(readme));
  });
});
