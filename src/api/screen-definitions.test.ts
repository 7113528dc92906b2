/**
 * Definitions fetched under their version (issue 37): the versions are asked for once, each definition's address
 * carries its version (which the server answers as never changing), a definition the list does not name is fetched
 * as before, and after a publish (forgetDefinitionVersions) the versions are asked for again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definitionVersions, forgetDefinitionVersions } from './definition-versions';
import { definitionQuery } from './screen-definitions';

const definition = { dataSource: { service: 'Account', method: 'SearchAccount' }, columns: [] };
let versions: Record<string, string>;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  versions = { account: 'v1' };
  forgetDefinitionVersions();
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    return new Response(JSON.stringify(input.endsWith('definition-versions.json') ? versions : definition), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const read = (name: string) => definitionQuery(name, ((key: string) => key) as never).queryFn({});

describe('definitions under their version', () => {
  it('asks for the versions once and each definition under its own; one without a version as before', async () => {
    await read('account');
    await read('prices');
    await read('account');
    expect(asked).toEqual(['/DataModel/definition-versions.json', '/DataModel/definitions/account.json?v=v1', '/DataModel/definitions/prices.json', '/DataModel/definitions/account.json?v=v1']);
  });

  it('asks for the versions again after a publish, and the definition under its new version', async () => {
    await read('account');
    versions = { account: 'v2' };
    forgetDefinitionVersions();
    await read('account');
    expect(asked.filter((address) => address.includes('account'))).toEqual(['/DataModel/definitions/account.json?v=v1', '/DataModel/definitions/account.json?v=v2']);
  });

  it('fetches as before when the versions cannot be had', async () => {
    vi.stubGlobal('fetch', async (input: string) => {
      asked.push(input);
      if (input.endsWith('definition-versions.json')) throw new TypeError('offline');
      return new Response(JSON.stringify(definition), { status: 200 });
    });
    expect(await definitionVersions()).toEqual({});
    await read('account');
    expect(asked).toContain('/DataModel/definitions/account.json');
  });
});
