/**
 * Route security (spec §5): a route lists requirements that must all hold. The requirement
 * types, their check and the table of what each screen needs live in the contract
 * (contract/screen-access.ts), which the server's chat help bot reads too.
 */
export { capabilityMatches, holds, meetsRequirements, type CapabilityRequirement, type SecurityRequirement } from '../../contract/screen-access';
