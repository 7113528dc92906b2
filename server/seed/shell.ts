import type { SeedContext } from './context';
import type { DemoHierarchy } from './hierarchy';
import { insertRows, json } from './sql';

/**
 * Northwind Cloud gives its customers its own support contacts
 * (Account/GetSupportDetails); everybody else gets the operator's from the
 * branding file. Field names are those of spec §3 Support details.
 */
export async function seedShell(ctx: SeedContext, hierarchy: DemoHierarchy): Promise<void> {
  const domain = hierarchy.northwind.domain;
  await insertRows(
    ctx.tx,
    'support_details',
    ['account_id', 'details'],
    [
      [
        hierarchy.northwind.account.id,
        json({
          KnowledgeBaseUrl: `https://help.${domain}/`,
          SupportPhoneNumber: '+31 20 794 6100',
          SupportTechnicalEmail: `support@${domain}`,
          SupportWorkingDaysRegular: 'Monday to Friday',
          SupportWorkingHoursRegular: '08:00-20:00',
          SupportWorkingDaysOthers: 'Saturday and Sunday',
          SupportWorkingHoursOthers: '10:00-16:00',
          SupportSalesPhoneNumber: '+31 20 794 6200',
          SupportSalesEmail: `sales@${domain}`,
          SupportBillingPhoneNumber: '+31 20 794 6300',
          SupportBillingEmail: `billing@${domain}`,
        }),
      ],
    ],
    '',
  );
}
