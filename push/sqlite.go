//go:build !js

package push

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver
)

// DBFile is the subscriptions' SQLite file under the data directory: a file of its own, so
// that the mailbox's store and its backups stay the games' alone.
const DBFile = "push.db"

// sqliteStore is the Store in one SQLite file. Writes are rare (a device subscribes once
// per game), so one small pool serves readers and writers alike: WAL lets them run beside
// each other, immediate transactions take the write lock at BEGIN, and the busy timeout
// makes a writer wait for another rather than fail.
type sqliteStore struct {
	path string
	db   *sql.DB
}

var _ Store = (*sqliteStore)(nil)

const sqliteParams = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate"

// sqliteMigrations are the schema's steps: migration i brings version i to i+1. A released
// step is never edited.
var sqliteMigrations = []string{
	// 1: a seat key's subscriptions, by endpoint; seq orders them by their last subscribe (the
	// oldest beyond the cap is dropped), the endpoint index serves Gone.
	`CREATE TABLE subscriptions (
		seat     TEXT NOT NULL,
		endpoint TEXT NOT NULL,
		p256dh   TEXT NOT NULL,
		auth     TEXT NOT NULL,
		at       INTEGER NOT NULL, -- Unix milliseconds of the last subscribe
		seq      INTEGER NOT NULL,
		PRIMARY KEY (seat, endpoint)
	);
	CREATE INDEX subscriptions_endpoint ON subscriptions(endpoint);`,
	// 2: the reminders to send later, one per seat of a game; the due index serves TakeDue.
	`CREATE TABLE reminders (
		game TEXT NOT NULL,
		seat INTEGER NOT NULL,
		key  TEXT NOT NULL,
		due  INTEGER NOT NULL, -- Unix milliseconds
		PRIMARY KEY (game, seat)
	);
	CREATE INDEX reminders_due ON reminders(due);`,
}

// OpenSQLite opens the store in the file at path, creating it and its directory if missing,
// and migrates its schema; a file migrated by newer code is refused.
func OpenSQLite(path string) (Store, error) {
	if path == "" || strings.ContainsRune(path, '?') || strings.HasPrefix(path, "file:") || path == ":memory:" {
		return nil, fmt.Errorf("the push store's path %q is not a file path", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("creating the push store's directory: %w", err)
	}
	db, err := sql.Open("sqlite", path+sqliteParams)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	db.SetMaxOpenConns(4)
	s := &sqliteStore{path: path, db: db}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func (s *sqliteStore) migrate(ctx context.Context) error {
	var mode string
	if err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
		return fmt.Errorf("opening %s: %w", s.path, err)
	}
	if mode != "wal" {
		return fmt.Errorf("opening %s: the database is in journal mode %q; it needs WAL", s.path, mode)
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("migrating %s: %w", s.path, err)
	}
	for {
		done, err := s.migrateStep(ctx)
		if err != nil || done {
			return err
		}
	}
}

// migrateStep runs the next migration in one transaction with the version it read.
func (s *sqliteStore) migrateStep(ctx context.Context) (done bool, err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("migrating %s: %w", s.path, err)
	}
	defer tx.Rollback()
	var v int
	switch err := tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err {
	case nil:
	case sql.ErrNoRows:
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return false, fmt.Errorf("migrating %s: %w", s.path, err)
		}
	default:
		return false, fmt.Errorf("reading the schema version of %s: %w", s.path, err)
	}
	switch {
	case v > len(sqliteMigrations):
		return false, fmt.Errorf("%s has schema version %d, newer than this server's %d: run a newer server", s.path, v, len(sqliteMigrations))
	case v == len(sqliteMigrations):
		return true, nil
	}
	if _, err := tx.ExecContext(ctx, sqliteMigrations[v]); err != nil {
		return false, fmt.Errorf("migrating %s to version %d: %w", s.path, v+1, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE schema_version SET version = ?`, v+1); err != nil {
		return false, fmt.Errorf("migrating %s: %w", s.path, err)
	}
	return false, tx.Commit()
}

func (s *sqliteStore) Put(ctx context.Context, seat string, sub Subscription, at time.Time, keep int) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO subscriptions (seat, endpoint, p256dh, auth, at, seq)
		VALUES (?1, ?2, ?3, ?4, ?5, (SELECT coalesce(max(seq), 0) + 1 FROM subscriptions WHERE seat = ?1))
		ON CONFLICT (seat, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, at = excluded.at, seq = excluded.seq`,
		seat, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, at.UnixMilli()); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM subscriptions WHERE seat = ?1 AND seq NOT IN
		(SELECT seq FROM subscriptions WHERE seat = ?1 ORDER BY seq DESC LIMIT ?2)`, seat, keep); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *sqliteStore) Delete(ctx context.Context, seat, endpoint string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM subscriptions WHERE seat = ? AND endpoint = ?`, seat, endpoint)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (s *sqliteStore) Gone(ctx context.Context, endpoint string) (int, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM subscriptions WHERE endpoint = ?`, endpoint)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

func (s *sqliteStore) List(ctx context.Context, seat string) ([]Subscription, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT endpoint, p256dh, auth FROM subscriptions WHERE seat = ? ORDER BY seq DESC`, seat)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Subscription
	for rows.Next() {
		var sub Subscription
		if err := rows.Scan(&sub.Endpoint, &sub.Keys.P256dh, &sub.Keys.Auth); err != nil {
			return nil, err
		}
		out = append(out, sub)
	}
	return out, rows.Err()
}

func (s *sqliteStore) PutReminder(ctx context.Context, r Reminder) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO reminders (game, seat, key, due) VALUES (?, ?, ?, ?)
		ON CONFLICT (game, seat) DO UPDATE SET key = excluded.key, due = excluded.due`,
		r.Game, r.Seat, r.Key, r.Due.UnixMilli())
	return err
}

func (s *sqliteStore) CancelReminder(ctx context.Context, game string, seat int) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM reminders WHERE game = ? AND seat = ?`, game, seat)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (s *sqliteStore) TakeDue(ctx context.Context, now time.Time, limit int) ([]Reminder, error) {
	rows, err := s.db.QueryContext(ctx, `DELETE FROM reminders WHERE rowid IN
		(SELECT rowid FROM reminders WHERE due <= ? ORDER BY due LIMIT ?)
		RETURNING game, seat, key, due`, now.UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Reminder
	for rows.Next() {
		var r Reminder
		var due int64
		if err := rows.Scan(&r.Game, &r.Seat, &r.Key, &due); err != nil {
			return nil, err
		}
		r.Due = time.UnixMilli(due)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// RETURNING gives the rows in no set order.
	slices.SortFunc(out, func(a, b Reminder) int { return a.Due.Compare(b.Due) })
	return out, nil
}

func (s *sqliteStore) Count(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM subscriptions`).Scan(&n)
	return n, err
}

func (s *sqliteStore) Close() error { return s.db.Close() }
