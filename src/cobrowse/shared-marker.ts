/**
 * Where the browser tab remembers the session it shares (issue 38). Its own tiny module: the plain
 * pages (change password) read it to load the banner only while sharing, and nothing else with it.
 */
export const SHARED_SESSION_KEY = 'portal.cobrowse.session';

export const sharingInThisTab = (): boolean => sessionStorage.getItem(SHARED_SESSION_KEY) !== null;
