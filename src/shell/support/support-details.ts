import type { Static } from '@sinclair/typebox';
import type { SupportDetailsSchema } from '../../../contract/services/account-schemas';

export type SupportDetails = Static<typeof SupportDetailsSchema>;

/** A contact block of the support panel: a heading and the lines it has. */
export interface ContactSection {
  id: 'technical' | 'sales' | 'billing';
  phone: string | null;
  email: string | null;
  /** Working days and hours, regular and other (technical support only). */
  hours: { days: string | null; hours: string | null }[];
}

/** The panel's sections that have anything to show, technical support first. */
export function contactSections(details: SupportDetails): ContactSection[] {
  const sections: ContactSection[] = [
    {
      id: 'technical',
      phone: details.SupportPhoneNumber,
      email: details.SupportTechnicalEmail,
      hours: [
        { days: details.SupportWorkingDaysRegular, hours: details.SupportWorkingHoursRegular },
        { days: details.SupportWorkingDaysOthers, hours: details.SupportWorkingHoursOthers },
      ].filter((line) => line.days || line.hours),
    },
    { id: 'sales', phone: details.SupportSalesPhoneNumber, email: details.SupportSalesEmail, hours: [] },
    { id: 'billing', phone: details.SupportBillingPhoneNumber, email: details.SupportBillingEmail, hours: [] },
  ];
  return sections.filter((section) => section.phone || section.email);
}

/**
 * The footer link's wording (spec §2 "contact support or sales"): the
 * operator's own text, else support when technical contacts exist, else sales.
 */
export function contactLinkKind(details: SupportDetails): 'custom' | 'support' | 'sales' | undefined {
  if (details.SupportButtonText) return 'custom';
  if (details.SupportPhoneNumber || details.SupportTechnicalEmail) return 'support';
  if (details.SupportSalesPhoneNumber || details.SupportSalesEmail) return 'sales';
  return undefined;
}
