/**
 * Static reference data the demo seed draws from: countries with their
 * currency, language and address conventions, and local first/last names so
 * that generated people look like they work where their company is.
 */
export interface Address {
  street: string;
  city: string;
  postalCode: string;
}

export interface CountryProfile {
  country: string;
  currency: string;
  /** Portal language code (contract locales) for generated users. */
  language: string;
  phonePrefix: string;
  /** Builds a VAT / tax number from 9 digits. */
  vatNumber: (digits: string) => string;
  addresses: readonly Address[];
  firstNames: readonly string[];
  lastNames: readonly string[];
}

export type CountryName =
  | 'United States'
  | 'United Kingdom'
  | 'Germany'
  | 'Netherlands'
  | 'France'
  | 'Spain'
  | 'Italy'
  | 'Poland'
  | 'Finland';

export const COUNTRIES: Record<CountryName, CountryProfile> = {
  'United States': {
    country: 'United States',
    currency: 'USD',
    language: 'en',
    phonePrefix: '+1 206',
    vatNumber: (digits) => `${digits.slice(0, 2)}-${digits.slice(2, 9)}`,
    addresses: [
      { street: '1200 Westlake Ave N', city: 'Seattle', postalCode: '98109' },
      { street: '500 W 2nd St', city: 'Austin', postalCode: '78701' },
      { street: '100 Summer St', city: 'Boston', postalCode: '02110' },
    ],
    firstNames: ['Morgan', 'Jordan', 'Taylor', 'Avery', 'Riley', 'Casey', 'Jamie', 'Quinn'],
    lastNames: ['Blake', 'Carter', 'Hughes', 'Reed', 'Morales', 'Foster', 'Brooks', 'Hayes'],
  },
  'United Kingdom': {
    country: 'United Kingdom',
    currency: 'GBP',
    language: 'en',
    phonePrefix: '+44 20',
    vatNumber: (digits) => `GB${digits}`,
    addresses: [
      { street: '30 St Mary Axe', city: 'London', postalCode: 'EC3A 8BF' },
      { street: '1 Spinningfields', city: 'Manchester', postalCode: 'M3 3AP' },
      { street: '200 Brook Drive', city: 'Reading', postalCode: 'RG2 6UB' },
    ],
    firstNames: ['Olivia', 'Harry', 'Amelia', 'George', 'Isla', 'Oliver', 'Emily', 'Charlie', 'Sophie', 'Jack'],
    lastNames: ['Bennett', 'Walsh', 'Clarke', 'Turner', 'Patel', 'Wright', 'Evans', 'Hughes', 'Cooper', 'Ward'],
  },
  Germany: {
    country: 'Germany',
    currency: 'EUR',
    language: 'de',
    phonePrefix: '+49 30',
    vatNumber: (digits) => `DE${digits}`,
    addresses: [
      { street: 'Friedrichstraße 68', city: 'Berlin', postalCode: '10117' },
      { street: 'Leopoldstraße 45', city: 'München', postalCode: '80802' },
      { street: 'Am Sandtorkai 50', city: 'Hamburg', postalCode: '20457' },
    ],
    firstNames: ['Lukas', 'Jonas', 'Anna', 'Lena', 'Felix', 'Marie', 'Paul', 'Laura', 'Tobias', 'Katrin'],
    lastNames: ['Becker', 'Fischer', 'Schmidt', 'Weber', 'Wagner', 'Hoffmann', 'Schäfer', 'Koch', 'Richter', 'Braun'],
  },
  Netherlands: {
    country: 'Netherlands',
    currency: 'EUR',
    language: 'nl',
    phonePrefix: '+31 20',
    vatNumber: (digits) => `NL${digits}B01`,
    addresses: [
      { street: 'Herengracht 182', city: 'Amsterdam', postalCode: '1016 BR' },
      { street: 'Wilhelminakade 91', city: 'Rotterdam', postalCode: '3072 AP' },
      { street: 'Catharijnesingel 30', city: 'Utrecht', postalCode: '3511 GB' },
    ],
    firstNames: ['Sanne', 'Pieter', 'Daan', 'Emma', 'Lotte', 'Bram', 'Femke', 'Joost'],
    lastNames: ['de Vries', 'Jansen', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer'],
  },
  France: {
    country: 'France',
    currency: 'EUR',
    language: 'fr',
    phonePrefix: '+33 1',
    vatNumber: (digits) => `FR12${digits}`,
    addresses: [
      { street: '12 Rue de la Paix', city: 'Paris', postalCode: '75002' },
      { street: '8 Quai Saint-Vincent', city: 'Lyon', postalCode: '69001' },
    ],
    firstNames: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Manon', 'Julien'],
    lastNames: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent'],
  },
  Spain: {
    country: 'Spain',
    currency: 'EUR',
    language: 'es',
    phonePrefix: '+34 91',
    vatNumber: (digits) => `ESB${digits.slice(0, 8)}`,
    addresses: [
      { street: 'Calle de Alcalá 44', city: 'Madrid', postalCode: '28014' },
      { street: 'Passeig de Gràcia 21', city: 'Barcelona', postalCode: '08007' },
    ],
    firstNames: ['Lucía', 'Javier', 'Carmen', 'Diego', 'Elena', 'Pablo'],
    lastNames: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Romero'],
  },
  Italy: {
    country: 'Italy',
    currency: 'EUR',
    language: 'it',
    phonePrefix: '+39 02',
    vatNumber: (digits) => `IT${digits}01`,
    addresses: [
      { street: 'Via Monte Napoleone 8', city: 'Milano', postalCode: '20121' },
      { street: 'Via del Corso 120', city: 'Roma', postalCode: '00186' },
    ],
    firstNames: ['Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara', 'Matteo'],
    lastNames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano'],
  },
  Poland: {
    country: 'Poland',
    currency: 'PLN',
    language: 'pl',
    phonePrefix: '+48 22',
    vatNumber: (digits) => `PL${digits}7`,
    addresses: [
      { street: 'ul. Marszałkowska 104', city: 'Warszawa', postalCode: '00-017' },
      { street: 'ul. Floriańska 15', city: 'Kraków', postalCode: '31-019' },
    ],
    firstNames: ['Katarzyna', 'Piotr', 'Agnieszka', 'Tomasz', 'Magdalena', 'Paweł'],
    lastNames: ['Nowak', 'Wójcik', 'Kowalczyk', 'Mazur', 'Krawczyk', 'Zając'],
  },
  Finland: {
    country: 'Finland',
    currency: 'EUR',
    language: 'fi',
    phonePrefix: '+358 9',
    vatNumber: (digits) => `FI${digits.slice(0, 8)}`,
    addresses: [
      { street: 'Mannerheimintie 12', city: 'Helsinki', postalCode: '00100' },
      { street: 'Hämeenkatu 9', city: 'Tampere', postalCode: '33100' },
    ],
    firstNames: ['Aino', 'Eero', 'Helmi', 'Juho', 'Sanna', 'Mikko'],
    lastNames: ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Lehtonen', 'Heikkinen'],
  },
};

/** The extra customer companies under Northwind Cloud, with their home country. */
export const EXTRA_COMPANIES: readonly { name: string; domain: string; country: CountryName }[] = [
  { name: 'Tailspin Toys', domain: 'tailspintoys.example', country: 'United Kingdom' },
  { name: 'Wingtip Toys', domain: 'wingtiptoys.example', country: 'Netherlands' },
  { name: 'Woodgrove Bank', domain: 'woodgrovebank.example', country: 'Germany' },
  { name: 'Fourth Coffee', domain: 'fourthcoffee.example', country: 'France' },
  { name: 'Alpine Ski House', domain: 'alpineskihouse.example', country: 'Italy' },
  { name: 'Coho Winery', domain: 'cohowinery.example', country: 'Spain' },
  { name: 'Wide World Importers', domain: 'wideworldimporters.example', country: 'Netherlands' },
  { name: 'Lucerne Publishing', domain: 'lucernepublishing.example', country: 'Germany' },
  { name: "Margie's Travel", domain: 'margiestravel.example', country: 'Poland' },
  { name: 'Trey Research', domain: 'treyresearch.example', country: 'Finland' },
];

export const DEPARTMENT_NAMES = ['Sales', 'Marketing', 'Operations', 'IT', 'Human Resources', 'Customer Support', 'Research'] as const;

/** Lower-case ASCII for user names and e-mail addresses ("Schäfer" → "schafer", "de Vries" → "devries"). */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
