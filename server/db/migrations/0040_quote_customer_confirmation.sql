-- A seller accepting a quote for its customer (issue 36, Quotes/AcceptQuoteOnBehalf) records the customer's
-- confirmation: {"ConfirmedBy","ConfirmedOn","Kind","Reference","DocumentFileId","DocumentName",
-- "AcceptedByUserId","AcceptedAt"}. NULL when the customer accepted in the portal itself.
-- The credit-check orders a quote placed show it through their quote_id.
ALTER TABLE quotes ADD COLUMN customer_confirmation jsonb;
