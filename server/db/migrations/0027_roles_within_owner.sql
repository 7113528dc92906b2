-- A role owned by an account grants only inside that account's subtree (issue 20, item 1): a user may hold
-- it only when the owner is on the user's own account path (the owner is the user's ancestor). The demo seed
-- gave root and vendor users Northwind's "Basic user", so a Northwind administrator editing that role granted
-- them rights with root reach. Such assignments are dropped here; the session user query and the lockout
-- guard ignore any that a later account move leaves behind, and new assignments are refused.
DELETE FROM user_roles ur
 USING roles r, accounts a
 WHERE r.id = ur.role_id
   AND a.id = ur.user_id
   AND NOT (r.owner_account_id = ANY (string_to_array(a.path, '/')::bigint[]));
