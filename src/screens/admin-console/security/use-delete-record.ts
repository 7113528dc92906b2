import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../messages';
import { confirm, isConfirmCancelled } from '../../../shell/confirm';
import { refreshSecurity } from './security-queries';

/** Asks, deletes, says so and reads the lists again; a cancelled question does nothing. */
export function useDeleteRecord() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (name: string, remove: () => Promise<unknown>) => {
    try {
      await confirm({ title: t('admin.security.deleteTitle'), text: t('admin.security.deleteText', { name }), destructive: true, confirmLabel: t('admin.security.delete') });
    } catch (error) {
      if (isConfirmCancelled(error)) return;
      throw error;
    }
    // The service client already showed a failure; the lists stay as they are.
    await remove().then(
      () => showSuccess(t('admin.security.deleted', { name })),
      () => undefined,
    );
    await refreshSecurity(queryClient);
  };
}
