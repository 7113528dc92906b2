import type { FlagsMatrixShape } from '../../../../engine/forms/flags-matrix';
import type { CapabilityEntry } from './security-queries';

export const GRANT_FLAGS = ['Read', 'Execute', 'Create', 'Delete'] as const;

/** A capability set's grants as a flags matrix: a grant for all services (no ServiceName) holds for each one. */
export const GRANT_MATRIX: FlagsMatrixShape = { keyFields: ['ObjectType', 'ServiceName', 'Value'], flags: GRANT_FLAGS, wildcards: ['ServiceName'] };

/** How many flags the entries grant, for the lists. */
export const grantCount = (entries: readonly CapabilityEntry[]) =>
  entries.reduce((sum, entry) => sum + GRANT_FLAGS.filter((flag) => entry[flag] === true).length, 0);

/** A row's name in the table: object type, then the service and qualifier it is limited to. */
export const entryLabel = (entry: Pick<CapabilityEntry, 'ObjectType' | 'ServiceName' | 'Value'>) =>
  [entry.ObjectType, entry.ServiceName && `(${entry.ServiceName})`, entry.Value && `[${entry.Value}]`].filter(Boolean).join(' ');

/** An object type in words (capabilityTypes.*), the constant itself when a newer server sends one without a name. */
export const objectTypeName = (t: (key: string, options?: { defaultValue: string }) => string, objectType: string) =>
  t(`capabilityTypes.${objectType}`, { defaultValue: objectType });

/** A row's name for people (labels, screen readers): the object type in words, then the service and qualifier. */
export const entryName = (t: Parameters<typeof objectTypeName>[0], entry: Pick<CapabilityEntry, 'ObjectType' | 'ServiceName' | 'Value'>) =>
  [objectTypeName(t, entry.ObjectType), entry.ServiceName && `(${entry.ServiceName})`, entry.Value && `[${entry.Value}]`].filter(Boolean).join(' ');
