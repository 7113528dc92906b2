/**
 * Demo data of the layout-driven account screens: company administrators (and
 * mfa.user, for the MFA-protected bank account field) may edit their company's
 * profile (COMPANY_ACCOUNT Read + Execute), and Contoso's profile is filled in
 * a little further than the generated companies. No PRNG: nothing else changes.
 */
import type { SeedContext } from './context';
import type { DemoHierarchy } from './hierarchy';
import type { DemoUsers } from './users-and-roles';
import { insertRows, json } from './sql';

export async function seedFormsDemo(ctx: SeedContext, hierarchy: DemoHierarchy, users: DemoUsers): Promise<void> {
  const { tx } = ctx;
  const [set] = await insertRows(tx, 'capability_sets', ['owner_account_id', 'name', 'is_template', 'capabilities'], [
    [hierarchy.northwind.account.id, 'Company profile', true, json([{ ObjectType: 'COMPANY_ACCOUNT', Read: true, Execute: true }])],
  ]);
  const [editor] = await insertRows(tx, 'roles', ['owner_account_id', 'name', 'description'], [
    [hierarchy.northwind.account.id, 'Company profile editor', 'Company profile editor: Company profile.'],
  ]);
  const administrators = await tx.query<{ id: number }>(`SELECT id FROM roles WHERE name = 'Company administrator'`);
  await insertRows(tx, 'role_capability_sets', ['role_id', 'capability_set_id'], [editor, ...administrators].map((role) => [role.id, set.id]), '');
  await insertRows(tx, 'user_roles', ['user_id', 'role_id'], [[users.demo['mfa.user'].account.id, editor.id]], '');
  await tx.query(`UPDATE accounts SET views = jsonb_set(views, '{Values}', views -> 'Values' || $2::jsonb) WHERE id = $1`, [
    hierarchy.contoso.account.id,
    json({ Industry: 'software', CompanySize: '251-1000', PaymentMethod: 'Invoice', Region: 'England', MarketingConsent: false }),
  ]);
}
