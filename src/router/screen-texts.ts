/**
 * How a screen's route waits for the texts beyond the sign-in part. The router
 * sets the loader when the app starts (create-app-router.tsx), so the route table
 * imports no Vite-only module and stays readable by the end-to-end tests.
 */
let loadTexts: () => Promise<void> = () => Promise.resolve();

export function setScreenTextsLoader(loader: () => Promise<void>): void {
  loadTexts = loader;
}

export const loadScreenTexts = (): Promise<void> => loadTexts();
