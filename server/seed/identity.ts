/**
 * Contoso users whose passwords and MFA methods the end-to-end tests change
 * (password.user, reset.user, security.user), so that those tests never
 * disturb the demo users other tests sign in as.
 * Seeded last and without the shared PRNG: nothing else in the demo changes.
 */
import { hashPassword } from '../auth/passwords';
import { insertAccounts } from './accounts';
import { daysAgo, type SeedContext } from './context';
import type { DemoHierarchy } from './hierarchy';
import { insertRows } from './sql';

export const IDENTITY_TEST_USERS = [
  { username: 'password.user', firstName: 'Grace', lastName: 'Turner', jobTitle: 'Procurement Officer' },
  { username: 'reset.user', firstName: 'Noah', lastName: 'Patel', jobTitle: 'Facilities Coordinator' },
  { username: 'security.user', firstName: 'Ella', lastName: 'Hughes', jobTitle: 'Security Analyst' },
] as const;

export async function seedIdentityTestUsers(ctx: SeedContext, hierarchy: DemoHierarchy, demoPassword: string): Promise<void> {
  const { contoso } = hierarchy;
  const role = await ctx.tx.one<{ id: number }>(`SELECT id FROM roles WHERE name = 'Basic user' ORDER BY id LIMIT 1`);
  const accounts = await insertAccounts(
    ctx.tx,
    IDENTITY_TEST_USERS.map((user) => ({
      parentId: contoso.account.id,
      type: 'User' as const,
      displayName: `${user.firstName} ${user.lastName}`,
      values: {
        AccountIdentificator: ctx.nextIdentificator('US'),
        Firstname: user.firstName,
        Lastname: user.lastName,
        Username: user.username,
        Email: `${user.firstName.toLowerCase()}.${user.lastName.toLowerCase()}@${contoso.domain}`,
        Country: contoso.profile.country,
        Language: 'en',
        JobTitle: user.jobTitle,
      },
      createdAt: daysAgo(ctx, 60),
    })),
  );
  const hash = await hashPassword(demoPassword);
  const changedAt = daysAgo(ctx, 30);
  await insertRows(
    ctx.tx,
    'users',
    ['account_id', 'username', 'password_hash', 'password_changed_at', 'language'],
    accounts.map((account, index) => [account.id, IDENTITY_TEST_USERS[index].username, hash, changedAt, 'en']),
    '',
  );
  await insertRows(ctx.tx, 'password_history', ['user_id', 'password_hash', 'created_at'], accounts.map((account) => [account.id, hash, changedAt]), '');
  if (role) await insertRows(ctx.tx, 'user_roles', ['user_id', 'role_id'], accounts.map((account) => [account.id, role.id]), '');
}
