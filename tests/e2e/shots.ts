/** Where every journey writes its screenshots (ignored by git), to be looked at after a run. */
export const SHOTS = '.tmp/screenshots';
