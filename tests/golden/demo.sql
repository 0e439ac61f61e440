-- The small demo database and sql/demo.sql, as `make demo` prints them.
.read sql/demo_db.sql
.read sql/demo.sql
