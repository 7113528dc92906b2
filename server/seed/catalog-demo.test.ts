import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../contract/locales';
import { serviceTexts } from './catalog-demo';

const service = { display_name: 'Adatum DevOps Team', vendor_name: 'Adatum Software', category: 'Developer tools', billing_rule: 'Prepaid 3 months' };

describe('demo service descriptions', () => {
  it('read in German with the category and the billing rule in German', () => {
    const german = serviceTexts('de', service);
    expect(german.ShortDescription).toBe('Adatum DevOps Team: Entwicklerwerkzeuge von Adatum Software.');
    expect(german.Description).toContain('Abrechnung: Im Voraus für 3 Monate.');
  });

  it('read in Polish without English parts', () => {
    expect(serviceTexts('pl', service).ShortDescription).toBe('Adatum DevOps Team: narzędzia deweloperskie od Adatum Software.');
  });

  it.each(SUPPORTED_LOCALES.filter((language) => language !== 'en'))('%s has no English word but the names', (language) => {
    const texts = Object.values(serviceTexts(language, service)).join('\n');
    expect(texts).not.toMatch(/developer tools|prepaid|months|\bfrom\b|\bbilling\b|\{/i);
    expect(texts).toContain('Adatum Software');
  });
});
