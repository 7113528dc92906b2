/** The service catalogue's handlers (issue 12: service detail, service tool, service groups, Explore). */
import { exploreHandlers } from './explore';
import { serviceDetailHandlers } from './service-detail';
import { serviceGroupHandlers } from './service-groups';
import { serviceToolHandlers } from './service-tool';

export const catalogMarketplaceHandlers = { ...serviceDetailHandlers, ...exploreHandlers };
export { serviceGroupHandlers as catalogMetadataHandlers, serviceToolHandlers as catalogServiceManagementHandlers };
