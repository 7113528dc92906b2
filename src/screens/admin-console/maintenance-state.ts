import type { Static } from '@sinclair/typebox';
import type { TFunction } from 'i18next';
import type { MaintenanceStateSchema } from '../../../contract/services/admin';
import { formatDateTime } from '../../i18n/format';

export type MaintenanceState = Static<typeof MaintenanceStateSchema>;

/** One line saying what is announced, for the console. */
export function describeMaintenance(state: MaintenanceState, t: TFunction): string {
  switch (state.Mode) {
    case 'off':
      return t('admin.maintenance.stateOff');
    case 'soon':
      return t('admin.maintenance.stateSoon');
    case 'scheduled':
      return state.SecondsLeft
        ? t('admin.maintenance.stateScheduled', { time: formatDateTime(state.StartsAt ?? '') })
        : t('admin.maintenance.stateBegun', { time: formatDateTime(state.StartsAt ?? '') });
  }
}
