-- Sise PostgreSQL bootstrap for docker compose.
-- Runs once, when the postgres container starts on an empty data volume
-- (mounted into /docker-entrypoint-initdb.d). To run it again:
--   docker compose down -v && docker compose up
--
-- One application role and one database per service: each service owns its
-- database and runs its own migrations at start. The role owns the databases,
-- so it may create tables in their public schema (PostgreSQL 15 rules).
-- The role's password is set next by sise-password.sh from SISE_DB_PASSWORD (.env),
-- the same value the services' DATABASE_URLs in docker-compose.yml carry.

CREATE ROLE sise WITH LOGIN;

CREATE DATABASE sise_identity OWNER sise;
CREATE DATABASE sise_social OWNER sise;
CREATE DATABASE sise_market OWNER sise;
CREATE DATABASE sise_favorites OWNER sise;
