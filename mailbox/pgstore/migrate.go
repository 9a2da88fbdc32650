//go:build !js

package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// migrations are the schema's versions, in order: migration i brings a database from
// version i to i+1. A version once released is never edited; a change is a new one.
var migrations = []string{
	`CREATE TABLE games (
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
	);`,
	// 2: each message's time of append (mailbox.Stored.At), Unix milliseconds; the rows
	// from before keep 0, unknown.
	`ALTER TABLE messages ADD COLUMN at BIGINT NOT NULL DEFAULT 0`,
}

// Advisory lock classes (the first key of PostgreSQL's two-key advisory locks), apart from
// any other program's on the same database.
const (
	lockMigrate = 0x6d626f78 // "mbox": one instance migrates at a time
	lockCreator = 0x6d626f79 // one create at a time per creator (with hashtext(creator))
)

// migrate brings the schema up to this code's version, in one transaction under an
// advisory lock: instances that start at once wait for the first, then find nothing to do.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, 0)`, lockMigrate); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS mailbox_schema (version int NOT NULL)`); err != nil {
			return err
		}
		var v int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM mailbox_schema`).Scan(&v); err != nil {
			return err
		}
		if v > len(migrations) {
			return fmt.Errorf("the database's mailbox schema is version %d, newer than this server's %d: run the newer server", v, len(migrations))
		}
		// A migration without arguments goes by the simple protocol, which runs several
		// statements.
		for i := v; i < len(migrations); i++ {
			if _, err := tx.Exec(ctx, migrations[i]); err != nil {
				return fmt.Errorf("migrating to version %d: %w", i+1, err)
			}
		}
		if v == len(migrations) {
			return nil
		}
		if _, err := tx.Exec(ctx, `DELETE FROM mailbox_schema`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO mailbox_schema VALUES ($1)`, len(migrations))
		return err
	})
	if err != nil {
		return wrap("bringing the schema up to date", err)
	}
	return nil
}
