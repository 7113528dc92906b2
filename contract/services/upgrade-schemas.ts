/**
 * Result shapes of the upgrade wizard (issue 13): the products a subscription
 * may be upgraded to, a prepared upgrade process and its execution.
 */
import { Type } from '@sinclair/typebox';
import { ViewsSchema } from '../session-user';

const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/** Full: the old subscription ends (terminated). Partial: the old one keeps the units that are not upgraded. */
export const UpgradeVariant = () =>
  Type.Union([Type.Literal('Full'), Type.Literal('Partial')], { description: 'Full terminates the old subscription; Partial modifies it (fewer units)' });

export const UpgradeProductSchema = Type.Object({
  ServiceId: Type.Integer(),
  ProductName: Type.String(),
  VendorName: Type.String(),
  ServiceGroup: Type.String(),
  FeeType: Type.String(),
  /** Unit price the caller's organisation pays (its pricelist, else the list price). */
  SalesPrice: Type.Number(),
  Currency: Type.String(),
  /** SalesPrice minus the current product's unit price (same currency), else null. */
  PriceDifference: Type.Union([Type.Number(), Type.Null()]),
  /** An active subscription of this product beside the source, modified instead of creating one. */
  ExistingAccountId: NullableInteger,
});

export const UpgradeProductsSchema = Type.Object({
  AccountId: Type.Integer(),
  ProductName: Type.String(),
  Quantity: Type.Integer(),
  SalesPrice: Type.Union([Type.Number(), Type.Null()]),
  Currency: Type.Union([Type.String(), Type.Null()]),
  Products: Type.Array(UpgradeProductSchema),
});

export const UpgradeProcessSchema = Type.Object({
  UpgradeProcessId: Type.Integer(),
  SourceAccountId: Type.Integer(),
  TargetProductName: Type.String(),
  TargetAccountId: NullableInteger,
  Variant: UpgradeVariant(),
  /** Layout action of the target's form: CREATE for a new subscription, EDIT for an existing one. */
  Action: Type.String(),
  /** The target's values, pre-filled from the source where the field names match. */
  Views: ViewsSchema,
  /** The values pass the target layout's checks: the process can be executed (else complete the form and send it). */
  Ready: Type.Boolean(),
  /** Why it is not ready: the first value the target layout refuses, in the caller's language. */
  Problem: Type.Union([Type.String(), Type.Null()]),
  SourceQuantity: Type.Integer(),
  /** Units the old subscription keeps (0 in the full variant: it is terminated). */
  SourceQuantityAfter: Type.Integer(),
  ExpiresAt: Type.String({ format: 'date-time' }),
});

export const UpgradeStepSchema = Type.Object({
  AccountId: Type.Integer(),
  /** Create, Modify or Terminate (the provisioning request's action). */
  Action: Type.String(),
  ProvisioningRequestId: NullableInteger,
});

export const UpgradeResultSchema = Type.Object({
  UpgradeProcessId: Type.Integer(),
  Variant: UpgradeVariant(),
  SourceAccountId: Type.Integer(),
  TargetAccountId: Type.Integer(),
  Steps: Type.Array(UpgradeStepSchema),
});
