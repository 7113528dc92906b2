// /login-mfa is the definition login-mfa.json; AccountSecurityScreen (another change's file) still imports this from here.
export { withRedirect } from './with-redirect';
