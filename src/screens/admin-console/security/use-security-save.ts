import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../messages';
import { refreshSecurity } from './security-queries';

/** Saving a capability set or a role: on success the message, fresh security queries, and the dialog closes. */
export function useSecuritySave(save: () => Promise<unknown>, onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      showSuccess(t('admin.security.saved'));
      await refreshSecurity(queryClient);
      onClose();
    },
  });
}
