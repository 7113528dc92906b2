import { QuoteListScreen } from './QuoteListScreen';

/** `/quotes/customers` (QUOTATION_TOOL Read with the HIERARCHY value): the quotes of the caller's customers. */
export default function CustomerQuotesScreen() {
  return <QuoteListScreen definitionName="customer-quotes" title="quotes.customerQuotes.title" />;
}
