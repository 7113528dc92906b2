import { insertAccounts, type NewAccount, type SeededAccount, type ViewValues } from './accounts';
import { randomPast, type SeedContext } from './context';
import { COUNTRIES, DEPARTMENT_NAMES, EXTRA_COMPANIES, type CountryName, type CountryProfile } from './reference-data';

/** Display names of the fixed demo accounts; tests and docs look accounts up by these. */
export const DEMO_ACCOUNT_NAMES = {
  root: 'Cloud Marketplace',
  reseller: 'Northwind Cloud',
  contoso: 'Contoso Ltd',
  contosoFinance: 'Finance',
  contosoEngineering: 'Engineering',
  fabrikam: 'Fabrikam Inc',
  adatum: 'Adatum Software',
  litware: 'Litware Security',
  relecloud: 'Relecloud',
} as const;

/** An organisation account (not a user or product) with what generated children need to look local. */
export interface Organisation {
  account: SeededAccount;
  domain: string;
  profile: CountryProfile;
}

export interface CustomerCompany extends Organisation {
  departments: SeededAccount[];
}

export interface DemoHierarchy {
  root: Organisation;
  northwind: Organisation;
  adatum: Organisation;
  /** Adatum Software, Litware Security and Relecloud: the service vendors. */
  vendors: Organisation[];
  contoso: CustomerCompany;
  contosoFinance: SeededAccount;
  contosoEngineering: SeededAccount;
  fabrikam: CustomerCompany;
  /** Every company under Northwind Cloud, Contoso and Fabrikam first. */
  companies: CustomerCompany[];
}

interface OrganisationSpec {
  name: string;
  domain: string;
  country: CountryName;
  type: 'Reseller' | 'Vendor' | 'Company';
  prefix: string;
}

function organisationValues(ctx: SeedContext, spec: OrganisationSpec): ViewValues {
  const { random } = ctx;
  const profile = COUNTRIES[spec.country];
  const address = random.pick(profile.addresses);
  const digits = String(random.int(100_000_000, 999_999_999));
  return {
    AccountIdentificator: ctx.nextIdentificator(spec.prefix),
    Country: profile.country,
    Currency: profile.currency,
    Email: `info@${spec.domain}`,
    Phone: `${profile.phonePrefix} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
    Street: address.street,
    City: address.city,
    PostalCode: address.postalCode,
    VatNumber: profile.vatNumber(digits),
    Website: `https://www.${spec.domain}`,
  };
}

function organisation(ctx: SeedContext, spec: OrganisationSpec, parentId: number | null, minAgeDays: number): NewAccount {
  return {
    parentId,
    type: spec.type,
    displayName: spec.name,
    values: organisationValues(ctx, spec),
    createdAt: randomPast(ctx, minAgeDays + 120, minAgeDays),
  };
}

function departmentValues(ctx: SeedContext, company: Organisation, name: string): ViewValues {
  return {
    AccountIdentificator: ctx.nextIdentificator('DP'),
    Country: company.profile.country,
    Currency: company.profile.currency,
    Email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${company.domain}`,
    CostCenter: `CC-${ctx.random.int(1000, 9999)}`,
  };
}

/**
 * Root reseller → Northwind Cloud → customer companies → departments, plus
 * three vendors under the root. Inserted level by level so paths derive from
 * the parent's stored path.
 */
export async function seedHierarchy(ctx: SeedContext): Promise<DemoHierarchy> {
  const rootSpec: OrganisationSpec = {
    name: DEMO_ACCOUNT_NAMES.root, domain: 'cloudmarketplace.example', country: 'United States', type: 'Reseller', prefix: 'RS',
  };
  const [rootAccount] = await insertAccounts(ctx.tx, [organisation(ctx, rootSpec, null, 900)]);
  const root: Organisation = { account: rootAccount, domain: rootSpec.domain, profile: COUNTRIES[rootSpec.country] };

  const levelOneSpecs: OrganisationSpec[] = [
    { name: DEMO_ACCOUNT_NAMES.reseller, domain: 'northwindcloud.example', country: 'Netherlands', type: 'Reseller', prefix: 'RS' },
    { name: DEMO_ACCOUNT_NAMES.adatum, domain: 'adatum.example', country: 'United States', type: 'Vendor', prefix: 'VN' },
    { name: DEMO_ACCOUNT_NAMES.litware, domain: 'litware.example', country: 'United Kingdom', type: 'Vendor', prefix: 'VN' },
    { name: DEMO_ACCOUNT_NAMES.relecloud, domain: 'relecloud.example', country: 'Germany', type: 'Vendor', prefix: 'VN' },
  ];
  const levelOne = await insertAccounts(ctx.tx, levelOneSpecs.map((spec) => organisation(ctx, spec, root.account.id, 700)));
  const [northwind, adatum, litware, relecloud] = levelOne.map(
    (account, index): Organisation => ({ account, domain: levelOneSpecs[index].domain, profile: COUNTRIES[levelOneSpecs[index].country] }),
  );

  const companySpecs: OrganisationSpec[] = [
    { name: DEMO_ACCOUNT_NAMES.contoso, domain: 'contoso.example', country: 'United Kingdom', type: 'Company', prefix: 'CO' },
    { name: DEMO_ACCOUNT_NAMES.fabrikam, domain: 'fabrikam.example', country: 'Germany', type: 'Company', prefix: 'CO' },
    ...EXTRA_COMPANIES.map((company): OrganisationSpec => ({ ...company, type: 'Company', prefix: 'CO' })),
  ];
  const companyAccounts = await insertAccounts(
    ctx.tx,
    companySpecs.map((spec) => organisation(ctx, spec, northwind.account.id, 400)),
  );
  const companies = companyAccounts.map(
    (account, index): CustomerCompany => ({
      account,
      domain: companySpecs[index].domain,
      profile: COUNTRIES[companySpecs[index].country],
      departments: [],
    }),
  );

  // Contoso's two departments are fixed; the extra companies get one to three.
  const departmentPlan: { company: CustomerCompany; name: string }[] = [
    { company: companies[0], name: DEMO_ACCOUNT_NAMES.contosoFinance },
    { company: companies[0], name: DEMO_ACCOUNT_NAMES.contosoEngineering },
    ...companies.slice(2).flatMap((company) =>
      ctx.random.sample(DEPARTMENT_NAMES, ctx.random.int(1, 3)).map((name) => ({ company, name })),
    ),
  ];
  const departments = await insertAccounts(
    ctx.tx,
    departmentPlan.map(({ company, name }) => ({
      parentId: company.account.id,
      type: 'Department',
      displayName: name,
      values: departmentValues(ctx, company, name),
      createdAt: randomPast(ctx, 380, 200),
    })),
  );
  departmentPlan.forEach(({ company }, index) => company.departments.push(departments[index]));

  const [contoso, fabrikam] = companies;
  return {
    root,
    northwind,
    adatum,
    vendors: [adatum, litware, relecloud],
    contoso,
    contosoFinance: contoso.departments[0],
    contosoEngineering: contoso.departments[1],
    fabrikam,
    companies,
  };
}
