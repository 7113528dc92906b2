-- Reports become a definition kind of the studio (issue 22): their files are version 0,
-- versions edited, reviewed and published in the studio are kept beside layouts and screens.
ALTER TABLE definition_versions DROP CONSTRAINT definition_versions_kind_check;
ALTER TABLE definition_versions ADD CONSTRAINT definition_versions_kind_check CHECK (kind IN ('layout', 'screen', 'report'));
ALTER TABLE definition_heads DROP CONSTRAINT definition_heads_kind_check;
ALTER TABLE definition_heads ADD CONSTRAINT definition_heads_kind_check CHECK (kind IN ('layout', 'screen', 'report'));
