import { QuoteListScreen } from './QuoteListScreen';

/** `/quotes` (QUOTATION_TOOL Read): quotes of the caller's organisation, and those sent to it. */
export default function MyQuotesScreen() {
  return <QuoteListScreen definitionName="quotes" title="quotes.myQuotes.title" />;
}
