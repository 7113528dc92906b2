import { describe, expect, it } from 'vitest';
import { withImpliedCapabilities } from './capability-implications';

describe('capability implications', () => {
  it('adds the owned form with the broad capability’s flags, once', () => {
    const broad = [{ ObjectType: 'FAILED_PROVISIONING', Read: true, Execute: true }];
    const implied = withImpliedCapabilities(broad);
    expect(implied).toEqual([...broad, { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true, Execute: true }]);
    expect(withImpliedCapabilities(implied)).toEqual(implied);
  });

  it('adds only the flags not held yet, and nothing for types without implications', () => {
    const caps = [
      { ObjectType: 'FAILED_PROVISIONING', Read: true, Execute: true },
      { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true },
      { ObjectType: 'USERS', Read: true },
    ];
    expect(withImpliedCapabilities(caps)).toEqual([...caps, { ObjectType: 'FAILED_PROVISIONING_OWNED', Execute: true }]);
    expect(withImpliedCapabilities([{ ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true }])).toEqual([{ ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true }]);
  });
});
