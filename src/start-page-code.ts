/**
 * The code of the start page after sign-in beside the app's (its screen and the shell), in one place: the
 * first sign-in page asks for it together with the app's chunk as the user starts typing (one wave of requests
 * instead of two on a slow network, issue 37), and the app asks for it again through its route (`preloadRoute`,
 * answered from the module cache), so that the start page draws without a spinner.
 */
export const loadStartPageCode = () => Promise.all([import('./screens/list/ListScreen'), import('./shell/ShellLayout')]);
