//go:build !js

// Package pgstore keeps the mailbox's logs in PostgreSQL (mailbox.Store), for servers that
// run as several instances on one database, or that want the database's own backups and
// replication. Each create and append is one transaction that locks its game's row, so
// instances number a game's messages one after another with no gap; every append notifies
// the database's channel in the same transaction, and each instance's notes connection
// forwards what every instance appended to its readers.
//
// Schema: games(id, seats, invite, host, started, seat_keys, head, bytes, lobby, creator,
// created, touched, finished), one row a game with its running counts (so Stats and the caps
// never count messages), and messages(game, n, to_seat, signer, nonce, env, at), unique by game
// and number and by game, signer and nonce. Open brings the schema up to this code's version
// (migrate.go).
package pgstore

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"brass/mailbox"
)

// Options tune a Store; the zero value is ready to use.
type Options struct {
	// MaxConns caps the pool of connections the store's transactions use (0: pgxpool's
	// default, the larger of 4 and the number of CPUs). The notes connection is one more.
	MaxConns int32
	// NoteBuffer is how many notes wait for a slow reader before later ones are dropped
	// (0: 1024); a reader that missed notes re-reads the store on its own timer.
	NoteBuffer int
	// Logf reports the notes connection's losses and reconnections (nil: the log package).
	Logf func(format string, args ...any)
}

// Store is a mailbox.Store on a PostgreSQL database.
type Store struct {
	pool  *pgxpool.Pool
	notes chan mailbox.Note
	logf  func(format string, args ...any)

	stop      context.CancelFunc // ends the notes connection
	listening chan struct{}      // closed when the notes connection's loop has returned
	closeOnce sync.Once
}

var _ mailbox.Store = (*Store)(nil)

// Open connects to the database at url (a postgres:// URL or key=value string, as libpq
// reads them), brings its schema up to date, and starts listening for the notes of every
// instance's appends. A database whose schema is newer than this code is refused.
func Open(ctx context.Context, url string, opts Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("pgstore: reading the database URL: %w", err)
	}
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	if opts.NoteBuffer <= 0 {
		opts.NoteBuffer = 1024
	}
	if opts.Logf == nil {
		opts.Logf = log.Printf
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: connecting to the database: %w", err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	s := &Store{pool: pool, notes: make(chan mailbox.Note, opts.NoteBuffer), logf: opts.Logf, listening: make(chan struct{})}
	// The first LISTEN is done before Open returns, so that every append committed after
	// Open, by any instance, is noted.
	conn, err := listen(ctx, cfg.ConnConfig)
	if err != nil {
		pool.Close()
		return nil, err
	}
	lctx, stop := context.WithCancel(context.Background())
	s.stop = stop
	go s.forward(lctx, cfg.ConnConfig, conn)
	return s, nil
}

// Notes tells of every append to the database, by this instance or another, soon after its
// commit. The channel is closed by Close.
func (s *Store) Notes() <-chan mailbox.Note { return s.notes }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return wrap("pinging the database", err)
	}
	return nil
}

// Close stops the notes connection, closes the pool (waiting for the transactions in
// progress) and then the Notes channel.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.stop()
		<-s.listening
		s.pool.Close()
		close(s.notes)
	})
	return nil
}

// inTx runs fn in one transaction, committed when fn returns nil.
func (s *Store) inTx(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, fn)
}

// wrap names what failed; a full disk (SQLSTATE 53100, disk_full) is also mailbox.ErrFull,
// and the store's own refusals pass as they are. The rest of class 53 (out of memory, too
// many connections) passes on unmarked: those are the "try again" of an unavailable store,
// not a full one.
func wrap(what string, err error) error {
	for _, e := range []error{mailbox.ErrNoGame, mailbox.ErrGameExists, mailbox.ErrTooManyGames, mailbox.ErrStarted,
		mailbox.ErrNotStarted, mailbox.ErrGameFull, mailbox.ErrNonceReused} {
		if errors.Is(err, e) {
			return err
		}
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "53100" {
		return fmt.Errorf("pgstore: %s: %w: %w", what, mailbox.ErrFull, err)
	}
	return fmt.Errorf("pgstore: %s: %w", what, err)
}
