import { describe, expect, it } from 'vitest';
import { downloadFileName } from './download-file';

describe('downloadFileName', () => {
  it('replaces everything but word characters and hyphens, and stays within 200 characters', () => {
    expect(downloadFileName('Terms of use (2026)', 'pdf')).toBe('Terms_of_use__2026_.pdf');
    expect(downloadFileName('a-b_c', 'pdf')).toBe('a-b_c.pdf');
    expect(downloadFileName('x'.repeat(300), 'pdf')).toHaveLength(200);
  });
});
