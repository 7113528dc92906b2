import type { SeedContext } from './context';
import { insertRows } from './sql';

const TERMS_OF_USE = `Terms of use of the Cloud Marketplace portal

1. Scope. These terms govern the use of the Cloud Marketplace self-service portal by resellers, vendors, companies and their users. Services ordered through the portal are also subject to the vendor's own service terms, shown with each service.

2. Accounts. You are responsible for all activity under your user account. Keep your password confidential, use multi-factor authentication where your organisation requires it, and tell your administrator at once about any unauthorised use.

3. Orders. An order placed in the portal is binding once it is confirmed. Orders above your credit limit are held for a credit check and are provisioned only after approval by an account manager.

4. Prices and billing. Prices are those of the pricelist assigned to your company at the time of the order. Recurring fees are billed in advance for each billing period; custom charges are added to the invoice at the end of the month.

5. Termination. Subscriptions may be terminated at any time, except during a lock period or minimum contract period. Terminating an account deletes its data and cannot be undone.

6. Acceptable use. You must not use the services to break the law, to send unsolicited messages, or to interfere with other customers' services.

7. Liability. Except for intent and gross negligence, liability is limited to the fees paid in the twelve months before the event giving rise to the claim.`;

const PRIVACY_POLICY = `Privacy policy

We process the personal data you enter in the portal (names, e-mail addresses, phone numbers and sign-in information) to provide the portal, to provision and bill the services you order, and to keep the platform secure.

Legal basis. Processing is necessary to perform the contract with your organisation and, for security logging, for our legitimate interest in protecting the platform.

Sharing. Order data is shared with the vendor of the service you order, and billing data with your reseller. We do not sell personal data.

Retention. Account data is kept while the account exists; audit entries are kept for 24 months; sign-in data for 90 days.

Your rights. You may ask for access, correction, deletion or a copy of your data, and object to processing, by contacting privacy@cloudmarketplace.example. You may also complain to your data protection authority.`;

/** The terms of use and the privacy policy users confirm at first sign-in. */
export async function seedTerms(ctx: SeedContext): Promise<void> {
  await insertRows(
    ctx.tx,
    'terms',
    ['name', 'terms_text', 'pdf_path', 'is_privacy_policy'],
    [
      ['Terms of use', TERMS_OF_USE, null, false],
      ['Privacy policy', PRIVACY_POLICY, null, true],
    ],
    '',
  );
}
