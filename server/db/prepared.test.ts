import { describe, expect, it } from 'vitest';
import { preparedName, preparedStatement } from './prepared';

describe('preparedStatement', () => {
  it('gives back the text and names it', () => {
    const sql = preparedStatement('test-prepared-one', 'SELECT 1 AS one');
    expect(sql).toBe('SELECT 1 AS one');
    expect(preparedName(sql)).toBe('test-prepared-one');
    expect(preparedName('SELECT 2')).toBeUndefined();
  });

  it('refuses a name registered with another text (PostgreSQL would run the first text)', () => {
    preparedStatement('test-prepared-two', 'SELECT 2');
    expect(preparedStatement('test-prepared-two', 'SELECT 2')).toBe('SELECT 2');
    expect(() => preparedStatement('test-prepared-two', 'SELECT 3')).toThrow(/already registered/);
  });
});
