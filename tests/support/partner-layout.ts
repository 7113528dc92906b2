/**
 * "Partner" (issue 33): an account type defined only by a layout file, copied
 * from company.json — a tier dropdown, a required patterned code, a rating only
 * platform administrators edit (DEFINITION_STUDIO Execute), an internal note
 * hidden from everyone without DEFINITION_STUDIO Read, allowed under
 * resellers. API and end-to-end tests put it in a PORTAL_LAYOUTS_DIR of their own.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const company = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/layouts/accounts/company.json'), 'utf8')) as {
  Tabs: { Path: string }[];
};

export const partnerLayout = {
  $schema: '../layout.schema.json',
  AccountType: 'Partner',
  Capability: 'COMPANY_ACCOUNT',
  Actions: ['VIEW', 'EDIT', 'CREATE'],
  ParentTypes: ['Reseller'],
  DisplayName: '{DisplayName}',
  IdentificatorPrefix: 'PA',
  TypeLabel: 'partner.type',
  Icon: 'partner',
  Color: 'warning',
  Organisation: true,
  TreeOrder: 1,
  Tabs: company.Tabs.filter((tab) => ['', 'hierarchy', 'audit-log'].includes(tab.Path)),
  Pages: [
    {
      Id: 1,
      Name: 'General',
      Label: 'forms.page.general',
      Containers: [
        {
          Name: 'Partner',
          Label: 'partner.section',
          Fields: [
            { Name: 'DisplayName', Label: 'forms.field.companyName', Required: true, MaxLength: 128 },
            { Name: 'AccountIdentificator', Label: 'forms.field.accountIdentificator', ReadOnly: true, In: ['VIEW', 'EDIT'] },
            { Name: 'PartnerTier', Label: 'partner.tier', Type: 'Enum', Required: true, Options: [
              { Value: 'gold', Label: 'partner.tier.gold' },
              { Value: 'silver', Label: 'partner.tier.silver' },
            ] },
            { Name: 'PartnerCode', Label: 'partner.code', Required: true, Pattern: '^P-[0-9]{4}$', MaxLength: 6 },
            { Name: 'Rating', Label: 'partner.rating', Type: 'Integer', Minimum: 1, Maximum: 5, EditCapability: { ObjectType: 'DEFINITION_STUDIO', Flag: 'Execute' } },
            // Seen (and edited) only by who holds DEFINITION_STUDIO Read: hidden from the reseller.
            { Name: 'InternalNote', Label: 'partner.internalNote', MaxLength: 200, ReadCapability: { ObjectType: 'DEFINITION_STUDIO', Flag: 'Read' } },
          ],
        },
      ],
    },
  ],
  Texts: {
    en: { 'partner.type': 'Partner', 'partner.section': 'Partner', 'partner.tier': 'Tier', 'partner.tier.gold': 'Gold', 'partner.tier.silver': 'Silver', 'partner.code': 'Partner code', 'partner.rating': 'Rating', 'partner.internalNote': 'Internal note' },
    de: { 'partner.type': 'Partner', 'partner.section': 'Partner', 'partner.tier': 'Stufe', 'partner.tier.gold': 'Gold', 'partner.tier.silver': 'Silber', 'partner.code': 'Partnercode', 'partner.rating': 'Bewertung', 'partner.internalNote': 'Interne Notiz' },
  },
};
