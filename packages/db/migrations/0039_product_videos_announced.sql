-- A piece's film (0031) is part of the product answer the read cache keeps, like its pictures and its turn (0035): a
-- change to it is announced on 'milli_catalogue' (0002), so every instance forgets its copy, not only the one that
-- took the upload.
CREATE TRIGGER milli_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_videos
  FOR EACH STATEMENT EXECUTE FUNCTION milli_catalogue_changed();
