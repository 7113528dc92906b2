/**
 * The app's own dialogs a definition may open by name (a board card's action, contract CARD_DIALOGS): the screen
 * host hands them to the engine's renderers, which know no dialog of the app.
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { CardDialog } from '../../contract/services/dashboard';

// A dialog's code comes when it is opened, not with the start page whose card may open it (issue 37).
const TermsReadDialog = lazy(() => import('./terms/TermsReadDialog').then((module) => ({ default: module.TermsReadDialog })));

const TermsDialog = ({ onClose }: { onClose: () => void }) => createElement(Suspense, { fallback: null }, createElement(TermsReadDialog, { onClose }));

export const appDialogs: Readonly<Record<CardDialog, ComponentType<{ onClose: () => void }>>> = {
  terms: TermsDialog,
};
