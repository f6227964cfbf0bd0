#!/bin/sh
# Sise PostgreSQL bootstrap, second step (after init.sql): the application role's password
# from SISE_DB_PASSWORD (.env), passed as a psql variable so it is quoted as a literal.
# Runs once, on an empty data volume, like init.sql.
set -eu
: "${SISE_DB_PASSWORD:?set SISE_DB_PASSWORD in .env}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v password="$SISE_DB_PASSWORD" <<'SQL'
ALTER ROLE sise WITH PASSWORD :'password';
SQL
