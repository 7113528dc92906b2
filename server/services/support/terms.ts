/**
 * The header's terms and privacy menu (spec §2, §3 Confirmed terms, §4 Terms):
 * the documents, whether the user accepted them, and accepting them. The PDF
 * of each document is served by server/keeper/terms-pdf.ts.
 */
import { fault } from '../../fault';
import { termsPdfPath } from '../../keeper/terms-pdf';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

interface TermsRow {
  id: number;
  name: string;
  terms_text: string;
  pdf_path: string | null;
  is_privacy_policy: boolean;
  accepted_at: string | Date | null;
}

export const termsAccountHandlers = defineHandlers('Account', {
  async GetMyConfirmedTerms(ctx) {
    const caller = requireCaller(ctx);
    const rows = await ctx.db.query<TermsRow>(
      `SELECT t.id, t.name, t.terms_text, t.pdf_path, t.is_privacy_policy, ta.accepted_at
         FROM terms t
         LEFT JOIN terms_acceptances ta ON ta.terms_id = t.id AND ta.user_id = $1
        ORDER BY t.is_privacy_policy, t.id`,
      [caller.loaded.user.UserAccountId],
    );
    return rows.map((row) => ({
      Id: Number(row.id),
      Name: row.name,
      TermsText: row.terms_text,
      // An operator may point at a PDF of its own; otherwise the server renders one from the text.
      PathToTermsPdf: row.pdf_path ?? termsPdfPath(Number(row.id)),
      IsPrivacyPolicy: row.is_privacy_policy,
      AcceptedAt: row.accepted_at ? new Date(row.accepted_at).toISOString() : null,
    }));
  },
});

export const termsMarketplaceHandlers = defineHandlers('Marketplace', {
  async AcceptTermsAndConditions(ctx, body) {
    const caller = requireCaller(ctx);
    const userId = caller.loaded.user.UserAccountId;
    // Accepting is the user's own declaration: an impersonator cannot give it for them.
    if (caller.impersonatorId !== null) throw fault(403, 'shell.termsImpersonated');
    const productName = body.productName?.trim();
    if (!productName) {
      if (body.accountId !== userId) throw fault(400, 'shell.termsOwnAccountOnly');
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO terms_acceptances (user_id, terms_id)
           SELECT $1, id FROM terms ON CONFLICT (user_id, terms_id) DO NOTHING`,
          [userId],
        );
      });
      await ctx.audit('TermsAccepted', userId);
      return null;
    }
    await ctx.db.transaction(async (tx) => {
      // Product accounts carry the service's display name as ProductName; the catalogue its unique name.
      const service = await tx.one<{ name: string }>('SELECT name FROM services WHERE name = $1 OR display_name = $1 ORDER BY name = $1 DESC LIMIT 1', [
        productName,
      ]);
      if (!service) throw fault(404, 'shell.termsUnknownProduct', { product: productName });
      await tx.query(
        `INSERT INTO product_terms_acceptances (account_id, product_name, user_id)
         VALUES ($1, $2, $3) ON CONFLICT (account_id, product_name) DO NOTHING`,
        [body.accountId, service.name, userId],
      );
    });
    await ctx.audit('ProductTermsAccepted', body.accountId, { productName });
    return null;
  },
});
