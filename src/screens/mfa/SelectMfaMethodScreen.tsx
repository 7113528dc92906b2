import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { loginPathFor, LOGIN_PATH, REDIRECT_PARAM } from '../../router/guard';
import { getPendingSignIn, selectPendingMethod } from '../../session/pending-sign-in';
import { CenteredFormCard } from '../../components/CenteredFormCard';
import { withRedirect } from './LoginMfaScreen';
import { methodTypeKey } from './method-labels';
import { MethodIcon } from './MethodIcon';

/** /select-mfa-method: pick another of the user's methods for this sign-in. */
export default function SelectMfaMethodScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  const pending = getPendingSignIn();
  if (!pending) return <Navigate to={redirect ? loginPathFor(redirect) : LOGIN_PATH} replace />;

  const choose = (methodId: number) => {
    selectPendingMethod(methodId);
    navigate(withRedirect('/login-mfa', redirect), { replace: true });
  };

  return (
    <CenteredFormCard title={t('identity.mfa.selectTitle')} intro={t('identity.mfa.selectIntro')} testId="select-mfa-method">
      <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {pending.methods.map((method) => (
          <ListItemButton
            key={method.Id}
            selected={method.Id === pending.selectedMethodId}
            onClick={() => choose(method.Id)}
            data-testid={`mfa-method-${method.Id}`}
          >
            <ListItemIcon>
              <MethodIcon type={method.Type} />
            </ListItemIcon>
            <ListItemText primary={method.Name} secondary={t(methodTypeKey(method.Type))} />
            {method.IsPrimary && <Chip size="small" label={t('identity.mfa.primary')} />}
          </ListItemButton>
        ))}
      </List>
      <Link component={RouterLink} to={withRedirect('/login-mfa', redirect)} variant="body2">
        {t('identity.common.back')}
      </Link>
    </CenteredFormCard>
  );
}
