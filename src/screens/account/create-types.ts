/** The account types the New menu creates (spec §2 footer), by their route segment. */
export const CREATABLE_TYPES: Record<string, string> = {
  service: 'Product',
  user: 'User',
  department: 'Department',
  company: 'Company',
  reseller: 'Reseller',
  vendor: 'Vendor',
};
