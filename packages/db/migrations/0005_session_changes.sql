-- Sessions are read on every request that carries the session cookie, so each server instance keeps the ones
-- it has seen in memory (apps/server/src/plugins/session.ts). Whatever can end a session or change what it
-- says about its customer (logout, a password reset ending every session, a profile change, staff editing or
-- removing a customer) announces itself on the channel 'milli_sessions' when its transaction commits, and
-- every instance forgets the sessions it keeps. A new session (a login) announces nothing: nobody kept it.
CREATE OR REPLACE FUNCTION milli_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('milli_sessions', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER milli_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION milli_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER milli_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION milli_sessions_changed();
