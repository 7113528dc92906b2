/** Text keys of the fee types of spec §9 (the values carry spaces, text keys may not). */
export const FEE_TYPE_KEYS: Record<string, string> = {
  base: 'base',
  monthly: 'monthly',
  'one-time': 'oneTime',
  'per N months': 'perNMonths',
  'prepaid N months': 'prepaidNMonths',
};

/** A service's price as the customer pays it ("€12.50 per month + €20.00 base fee"), for the available-services list and the order form. */
export function servicePriceText(
  t: (key: string, values?: Record<string, unknown>) => string,
  format: (amount: number, currency: string) => string,
  service: { SalesPrice: number; Currency: string; FeeType: string; BaseFee: number; BaseFeeCurrency: string },
): string {
  const key = FEE_TYPE_KEYS[service.FeeType] ?? 'monthly';
  return t(`availableServices.price.${key}`, { price: format(service.SalesPrice, service.Currency), baseFee: format(service.BaseFee, service.BaseFeeCurrency) });
}
