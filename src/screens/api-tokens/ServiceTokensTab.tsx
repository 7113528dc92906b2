import { ApiTokenManager } from './ApiTokenManager';

/** The account page's "API tokens" tab: the account's service tokens (USERS Read to see, Create to make and revoke). */
export default function ServiceTokensTab({ accountId }: { accountId: number }) {
  return <ApiTokenManager owner={{ kind: 'service', accountId }} />;
}
