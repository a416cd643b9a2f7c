"""The PostgreSQL version of each migration in `bot/storage/migrations/`, with the same
number and name, applied in order by `bot.storage.pg_schema.migrate` and recorded in the database's
`schema_migrations` table. A migration added for SQLite gets its PostgreSQL twin here (a
test checks the two folders list the same files).
"""
