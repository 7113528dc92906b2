/** Text keys of the fee types of spec §9 (the values carry spaces, text keys may not). */
export const FEE_TYPE_KEYS: Record<string, string> = {
  base: 'base',
  monthly: 'monthly',
  'one-time': 'oneTime',
  'per N months': 'perNMonths',
  'prepaid N months': 'prepaidNMonths',
};
