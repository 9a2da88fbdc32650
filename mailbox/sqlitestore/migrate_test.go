//go:build !js

package sqlitestore

import (
	"database/sql"
	"path/filepath"
	"testing"
	"time"
)

// schemaV1 is schema version 1 as it was released, before messages kept their time of
// append: a copy, so that this test keeps opening a version-1 file whatever migrations
// becomes.
const schemaV1 = `CREATE TABLE games (
		id       TEXT PRIMARY KEY,
		seats    INTEGER NOT NULL,
		invite   BLOB NOT NULL,
		host     BLOB NOT NULL,
		started  INTEGER NOT NULL DEFAULT 0,
		seat_keys BLOB,
		head     INTEGER NOT NULL,
		bytes    INTEGER NOT NULL,
		lobby    INTEGER NOT NULL DEFAULT 0,
		creator  TEXT NOT NULL,
		created  INTEGER NOT NULL,
		touched  INTEGER NOT NULL,
		finished INTEGER NOT NULL DEFAULT 0
	);
	CREATE INDEX games_creator ON games(creator);
	CREATE INDEX games_touched ON games(touched);
	CREATE TABLE messages (
		game    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
		n       INTEGER NOT NULL,
		to_seat INTEGER NOT NULL,
		signer  BLOB NOT NULL,
		nonce   TEXT NOT NULL,
		env     BLOB NOT NULL,
		PRIMARY KEY (game, n)
	);
	CREATE UNIQUE INDEX messages_nonce ON messages(game, signer, nonce);`

// TestMigrateFromV1: a file written at schema version 1, with a game in it, opens at this
// code's version; its message reads back at time 0 (unknown), and what is appended after
// has its time.
func TestMigrateFromV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mailbox.db")
	g := newTestGame(t)
	c := g.create()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{schemaV1, nil},
		{`CREATE TABLE schema_version (version INTEGER NOT NULL)`, nil},
		{`INSERT INTO schema_version (version) VALUES (1)`, nil},
		{`INSERT INTO games (id, seats, invite, host, head, bytes, creator, created, touched) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)`,
			[]any{c.Game, c.Seats, c.Invite, c.Host, len(c.Env), c.Creator, c.Now.UnixNano(), c.Now.UnixNano()}},
		{`INSERT INTO messages (game, n, to_seat, signer, nonce, env) VALUES (?, 1, -1, ?, ?, ?)`,
			[]any{c.Game, c.Invite, c.Nonce, c.Env}},
	} {
		if _, err := db.Exec(q.sql, q.args...); err != nil {
			t.Fatalf("writing a version-1 file: %v", err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s := open(t, path)
	defer s.Close()
	if v := schemaVersion(t, path); v != len(migrations) {
		t.Fatalf("schema version %d after Open, want %d", v, len(migrations))
	}
	gen := g.genesis()
	gen.Now = time.UnixMilli(1_900_000_000_123)
	if a, err := s.Append(t.Context(), gen); err != nil || a.N != 2 || a.Dup {
		t.Fatalf("Append after the migration = %+v, %v; want message 2", a, err)
	}
	got, err := s.Read(t.Context(), c.Game, 0, 10)
	if err != nil || len(got) != 2 {
		t.Fatalf("Read after the migration = %+v, %v; want 2 messages", got, err)
	}
	if string(got[0].Env) != string(c.Env) || got[0].At != 0 {
		t.Fatalf("the version-1 message reads %s at %d; want the create at 0 (unknown)", got[0].Env, got[0].At)
	}
	if got[1].At != 1_900_000_000_123 {
		t.Fatalf("the message appended after the migration is at %d ms, want 1900000000123", got[1].At)
	}
}
