// tests/hosts/go/main.go -- coins from Go's database/sql with mattn's
// go-sqlite3 driver (Debian: golang-github-mattn-go-sqlite3-dev), which
// loads extensions named in SQLiteDriver.Extensions on every connection.
//
//	go run main.go /path/to/coins.so
package main

import (
	"database/sql"
	"fmt"
	"os"

	"github.com/mattn/go-sqlite3"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: main /path/to/coins.so")
		os.Exit(2)
	}
	sql.Register("sqlite3_coins", &sqlite3.SQLiteDriver{Extensions: []string{os.Args[1]}})
	db, err := sql.Open("sqlite3_coins", ":memory:")
	if err != nil {
		fail(err)
	}
	defer db.Close()

	var score int64
	if err := db.QueryRow(`SELECT coins_score(3, '[8,15,3,7]')`).Scan(&score); err != nil {
		fail(err)
	}
	var ply, loss int64
	var move, best, verdict string
	err = db.QueryRow(`SELECT ply, move, best, loss, verdict
		FROM coins_review(3, '[8,15,3,7]', 'LRLR') LIMIT 1`).Scan(&ply, &move, &best, &loss, &verdict)
	if err != nil {
		fail(err)
	}
	got := fmt.Sprintf("%d %d %s %s %d %s", score, ply, move, best, loss, verdict)
	if want := "22 1 L R 14 blunder"; got != want {
		fail(fmt.Errorf("got %q, want %q", got, want))
	}
	fmt.Println("go (mattn/go-sqlite3): 2 passed, 0 failed")
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "FAIL go:", err)
	os.Exit(1)
}
