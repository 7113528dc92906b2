/**
 * Maintenance notices as toasts: one named message that each new notice
 * replaces. A closable notice the user closed stays closed until the
 * countdown moves to another kind (the seconds notice cannot be closed).
 */
import i18n from 'i18next';
import { formatNumber } from '../i18n/format';
import { messageStore, type MessageStore } from '../messages';
import type { MaintenanceNotice } from './maintenance-countdown';
import { openStatusPage } from '../shell/status-page-link';

export const MAINTENANCE_NOTICE_NAME = 'realtime.maintenance';

function noticeText(notice: MaintenanceNotice): string {
  const duration = (value: number, unit: 'minute' | 'second') => formatNumber(value, { style: 'unit', unit, unitDisplay: 'long' });
  switch (notice.kind) {
    case 'soon':
      return i18n.t('realtime.maintenanceSoon');
    case 'minutes':
      return i18n.t('realtime.maintenanceIn', { duration: duration(notice.minutes, 'minute') });
    case 'seconds':
      return i18n.t('realtime.maintenanceIn', { duration: duration(notice.seconds, 'second') });
    case 'ongoing':
      return i18n.t('realtime.maintenanceOngoing');
  }
}

export function createMaintenanceNoticeSink(store: MessageStore = messageStore): (notice: MaintenanceNotice | null) => void {
  let shown: { id: string; kind: MaintenanceNotice['kind'] } | undefined;
  let dismissedKind: MaintenanceNotice['kind'] | undefined;
  return (notice) => {
    if (!notice) {
      store.removeByName(MAINTENANCE_NOTICE_NAME);
      shown = undefined;
      dismissedKind = undefined;
      return;
    }
    if (shown && shown.kind === notice.kind && !store.getSnapshot().some((message) => message.id === shown?.id)) dismissedKind = notice.kind;
    if (notice.closable && dismissedKind === notice.kind) return;
    const id = store.show({
      type: 'warning',
      name: MAINTENANCE_NOTICE_NAME,
      title: i18n.t('realtime.maintenanceTitle'),
      text: noticeText(notice),
      closeDisabled: !notice.closable,
      actions: [{ label: i18n.t('shell.support.statusPage'), action: openStatusPage }],
    });
    shown = id ? { id, kind: notice.kind } : undefined;
  };
}
