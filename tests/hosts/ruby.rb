# tests/hosts/ruby.rb -- coins from Ruby's sqlite3 gem (Debian: ruby-sqlite3):
# extension loading is off until enable_load_extension turns it on.
#
#   ruby tests/hosts/ruby.rb /path/to/coins.so
require "sqlite3"

abort "usage: ruby.rb /path/to/coins.so" unless ARGV.length == 1
db = SQLite3::Database.new(":memory:")
db.enable_load_extension(true)
db.load_extension(ARGV[0])
db.enable_load_extension(false)

score = db.get_first_value("SELECT coins_score(3, '[8,15,3,7]')")
row = db.get_first_row("SELECT ply, move, best, loss, verdict " \
                       "FROM coins_review(3, '[8,15,3,7]', 'LRLR') LIMIT 1")
got = [score, *row]
want = [22, 1, "L", "R", 14, "blunder"]
abort "FAIL ruby: got #{got.inspect}, want #{want.inspect}" unless got == want
puts "ruby (sqlite3 #{SQLite3::VERSION}): 2 passed, 0 failed"
