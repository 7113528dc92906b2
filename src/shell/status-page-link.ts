import { getBranding } from '../branding';

/** Where "Service status" leads (issue 38): the operator's status page when the branding names one, else the portal's own. */
export const statusPageHref = (): string => getBranding().status_page_url ?? '#/status';

/** Opens the status page in a new tab: the user keeps the screen they are on. */
export const openStatusPage = (): void => void window.open(statusPageHref(), '_blank', 'noopener');
