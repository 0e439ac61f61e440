-- The example database and its reports, as `make demo` prints them.
.read sql/games_db.sql
.read sql/reports.sql
