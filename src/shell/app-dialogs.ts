/**
 * The app's own dialogs a definition may open by name (a board card's action, contract CARD_DIALOGS): the screen
 * host hands them to the engine's renderers, which know no dialog of the app.
 */
import type { ComponentType } from 'react';
import type { CardDialog } from '../../contract/services/dashboard';
import { TermsReadDialog } from './terms/TermsReadDialog';

export const appDialogs: Readonly<Record<CardDialog, ComponentType<{ onClose: () => void }>>> = {
  terms: TermsReadDialog,
};
