//go:build !js

package pgstore

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"brass/internal/pgtest"
	"brass/mailbox"
)

// schemaV1 is schema version 1 as it was released, before messages kept their time of
// append: a copy, so that this test keeps opening a version-1 database whatever migrations
// becomes.
const schemaV1 = `CREATE TABLE games (
		id        text PRIMARY KEY,
		seats     int NOT NULL,
		invite    bytea NOT NULL,
		host      bytea NOT NULL,
		started   boolean NOT NULL DEFAULT false,
		seat_keys bytea,
		head      bigint NOT NULL,
		bytes     bigint NOT NULL,
		lobby     bigint NOT NULL DEFAULT 0,
		creator   text NOT NULL,
		created   timestamptz NOT NULL,
		touched   timestamptz NOT NULL,
		finished  boolean NOT NULL DEFAULT false
	);
	CREATE INDEX games_creator ON games (creator);
	CREATE INDEX games_touched ON games (touched);
	CREATE TABLE messages (
		game    text NOT NULL REFERENCES games ON DELETE CASCADE,
		n       bigint NOT NULL,
		to_seat int NOT NULL,
		signer  bytea NOT NULL,
		nonce   text NOT NULL,
		env     bytea NOT NULL,
		PRIMARY KEY (game, n),
		UNIQUE (game, signer, nonce)
	);
	CREATE TABLE mailbox_schema (version int NOT NULL);
	INSERT INTO mailbox_schema VALUES (1);`

// TestMigrateFromV1: a database written at schema version 1, with a game in it, opens at
// this code's version; its message reads back at time 0 (unknown), and what is appended
// after has its time.
func TestMigrateFromV1(t *testing.T) {
	url := pgtest.NewDatabase(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	id, host := mailbox.GameID(random(32)), random(32)
	if _, err := conn.Exec(ctx, schemaV1); err != nil {
		t.Fatalf("writing a version-1 database: %v", err)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO games (id, seats, invite, host, head, bytes, creator, created, touched)
		VALUES ($1, 2, $2, $3, 1, 6, '127.0.0.1', now(), now())`, id, random(32), host); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO messages (game, n, to_seat, signer, nonce, env) VALUES ($1, 1, -1, $2, $3, 'create')`,
		id, random(32), nonce()); err != nil {
		t.Fatal(err)
	}
	if err := conn.Close(ctx); err != nil {
		t.Fatal(err)
	}

	s := open(t, url)
	var v int
	if err := s.pool.QueryRow(ctx, `SELECT max(version) FROM mailbox_schema`).Scan(&v); err != nil || v != len(migrations) {
		t.Fatalf("schema version %d (%v) after Open, want %d", v, err, len(migrations))
	}
	at := time.UnixMilli(1_900_000_000_123)
	if a, err := s.Append(ctx, mailbox.Append{Game: id, Kind: mailbox.KindGenesis, From: -1, To: -1, Signer: host,
		Nonce: nonce(), Env: []byte("genesis"), Seats: []byte(`[]`), Now: at}); err != nil || a.N != 2 || a.Dup {
		t.Fatalf("Append after the migration = %+v, %v; want message 2", a, err)
	}
	got, err := s.Read(ctx, id, 0, 10)
	if err != nil || len(got) != 2 {
		t.Fatalf("Read after the migration = %+v, %v; want 2 messages", got, err)
	}
	if string(got[0].Env) != "create" || got[0].At != 0 {
		t.Fatalf("the version-1 message reads %q at %d; want the create at 0 (unknown)", got[0].Env, got[0].At)
	}
	if got[1].At != at.UnixMilli() {
		t.Fatalf("the message appended after the migration is at %d ms, want %d", got[1].At, at.UnixMilli())
	}
}
