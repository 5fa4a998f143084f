-- A KEP officer prints a document she confirmed by its code, then or later (issue #37): the
-- confirmed codes of one KEP are found by this index, not by reading every confirmation.
create index kep_confirmations_confirmed_code_idx
  on kep_confirmations (entity_id, code) where state = 'confirmed';
