//go:build !js

package sqlitestore

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations are the schema's steps, in order: migration i brings a database from version i
// to i+1. A step once released is never edited; a change of schema is a new step.
var migrations = []string{
	// 1: the games with their counts (so that Game, the caps and Stats read one row, never
	// count messages), and the messages, keyed by game and number; a signer's nonce is
	// unique within a game (retries and ErrNonceReused find it by this index).
	`CREATE TABLE games (
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
		created  INTEGER NOT NULL, -- Unix nanoseconds
		touched  INTEGER NOT NULL,
		finished INTEGER NOT NULL DEFAULT 0
	);
	CREATE INDEX games_creator ON games(creator);
	CREATE INDEX games_touched ON games(touched);
	-- A rowid table (its rows in a table b-tree, the (game, n) key an index beside it): an
	-- index b-tree, as WITHOUT ROWID made it, keeps only about a quarter of a page in a row,
	-- and a message of a kilobyte, most of them, took an overflow page of its own (the file
	-- was 3.2 times its data at 10,000 games of 400 messages; 1.4 times so).
	CREATE TABLE messages (
		game    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
		n       INTEGER NOT NULL,
		to_seat INTEGER NOT NULL,
		signer  BLOB NOT NULL,
		nonce   TEXT NOT NULL,
		env     BLOB NOT NULL,
		PRIMARY KEY (game, n)
	);
	CREATE UNIQUE INDEX messages_nonce ON messages(game, signer, nonce);`,
	// 2: each message's time of append (mailbox.Stored.At), Unix milliseconds; the rows
	// from before keep 0, unknown.
	`ALTER TABLE messages ADD COLUMN at INTEGER NOT NULL DEFAULT 0`,
}

// migrate brings the database to the code's schema version, one step per transaction, and
// refuses a database that a newer version of the code has migrated further.
func migrate(ctx context.Context, db *sql.DB, path string) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("creating the schema_version table of %s: %w", path, err)
	}
	for {
		done, err := migrateStep(ctx, db, path)
		if err != nil || done {
			return err
		}
	}
}

// migrateStep runs the next migration, if any, in one transaction with the version it
// reads, so that two processes opening the file at once do not both run it.
func migrateStep(ctx context.Context, db *sql.DB, path string) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("migrating %s: %w", path, err)
	}
	defer tx.Rollback()
	var v int
	switch err := tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err {
	case nil:
	case sql.ErrNoRows:
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return false, fmt.Errorf("migrating %s: %w", path, err)
		}
	default:
		return false, fmt.Errorf("reading the schema version of %s: %w", path, err)
	}
	switch {
	case v > len(migrations):
		return false, fmt.Errorf("the database %s is at schema version %d, and this server knows versions up to %d: it was written by a newer server; run that one, or a newer one", path, v, len(migrations))
	case v == len(migrations):
		return true, nil
	}
	if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
		return false, fmt.Errorf("migrating %s from schema version %d to %d: %w", path, v, v+1, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE schema_version SET version = ?`, v+1); err != nil {
		return false, fmt.Errorf("migrating %s from schema version %d to %d: %w", path, v, v+1, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migrating %s from schema version %d to %d: %w", path, v, v+1, err)
	}
	return false, nil
}
