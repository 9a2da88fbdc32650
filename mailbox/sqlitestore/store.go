//go:build !js

// Package sqlitestore is the mailbox's store in one SQLite file, embedded in the server
// (pure Go, modernc.org/sqlite): the default when the server runs alone.
//
// Writes go through one goroutine that commits whatever calls are waiting in one
// transaction (group commit): SQLite has one writer at a time, and one fsync for a batch
// is what lets a single file keep up with many games. Reads use a pool of their own, beside
// the writer (WAL mode).
package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"brass/mailbox"

	_ "modernc.org/sqlite" // the "sqlite" driver
)

// Options tunes a store; the zero value is ready to use.
type Options struct {
	// Logger tells of what the store recovers from on its own (a batch retried call by
	// call). Nil: slog.Default().
	Logger *slog.Logger
}

// Store is a mailbox.Store in one SQLite file.
type Store struct {
	path string
	log  *slog.Logger
	w    *sql.DB // one connection: the writer's
	ck   *sql.DB // one connection: the checkpointer's
	r    *sql.DB // the readers' pool
	ws   writeStmts
	rs   readStmts

	jobs    chan *job
	quit    chan struct{}
	stopped chan struct{}
	ckDone  chan struct{}
	notes   chan mailbox.Note
	once    sync.Once
}

var _ mailbox.Store = (*Store)(nil)

// notesBuffer is how many notes wait for a slow reader before the writer drops new ones.
const notesBuffer = 1024

// Open opens the store in the file at path, creating it and its directory if missing, and
// migrates its schema to this code's version.
func Open(path string, opts Options) (*Store, error) {
	if path == "" || strings.ContainsRune(path, '?') || strings.HasPrefix(path, "file:") || path == ":memory:" {
		return nil, fmt.Errorf("the store's path %q is not a file path (no URI, no '?', not in memory)", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("creating the store's directory: %w", err)
	}
	s := &Store{
		path:    path,
		log:     opts.Logger,
		jobs:    make(chan *job),
		quit:    make(chan struct{}),
		stopped: make(chan struct{}),
		ckDone:  make(chan struct{}),
		notes:   make(chan mailbox.Note, notesBuffer),
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if err := s.open(); err != nil {
		s.closeDBs()
		return nil, err
	}
	go s.write()
	go s.checkpoints()
	return s, nil
}

// Connection settings. The writer's: WAL (readers beside the writer), synchronous=FULL (a
// commit is fsync'd before it returns, so an acknowledged message is on disk), no automatic
// checkpoint (checkpoints.go runs them beside the writer), foreign keys (a message belongs to
// a game), immediate transactions (the write lock taken at BEGIN, not half way). The
// readers': query_only. Both wait for locks rather than fail at once.
const (
	writerParams = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=wal_autocheckpoint(0)&_pragma=foreign_keys(1)&_txlock=immediate"
	readerParams = "?_pragma=busy_timeout(10000)&_pragma=query_only(1)"
)

func (s *Store) open() error {
	ctx := context.Background()
	var err error
	if s.w, err = sql.Open("sqlite", s.path+writerParams); err != nil {
		return fmt.Errorf("opening %s: %w", s.path, err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	s.w.SetConnMaxLifetime(0)
	var mode string
	if err := s.w.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
		return fmt.Errorf("opening %s: %w", s.path, err)
	}
	if mode != "wal" {
		return fmt.Errorf("opening %s: the database is in journal mode %q; it needs WAL (is the file on a filesystem without shared memory?)", s.path, mode)
	}
	if err := migrate(ctx, s.w, s.path); err != nil {
		return err
	}
	if s.ck, err = sql.Open("sqlite", s.path+"?_pragma=busy_timeout(10000)"); err != nil {
		return err
	}
	s.ck.SetMaxOpenConns(1)
	if s.r, err = sql.Open("sqlite", s.path+readerParams); err != nil {
		return fmt.Errorf("opening %s for reading: %w", s.path, err)
	}
	readers := max(4, runtime.GOMAXPROCS(0))
	s.r.SetMaxOpenConns(readers)
	s.r.SetMaxIdleConns(readers)
	if err := prepare(ctx, s.w, &s.ws); err != nil {
		return fmt.Errorf("preparing the writer's statements on %s: %w", s.path, err)
	}
	if err := prepare(ctx, s.r, &s.rs); err != nil {
		return fmt.Errorf("preparing the readers' statements on %s: %w", s.path, err)
	}
	return nil
}

// Notes tells of the messages this store committed, after each batch. The writer never
// waits on it: with notesBuffer notes unread it drops new ones. It is closed by Close.
func (s *Store) Notes() <-chan mailbox.Note { return s.notes }

// Ping checks that the readers' pool answers a query.
func (s *Store) Ping(ctx context.Context) error {
	var v int
	if err := s.r.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil {
		return fmt.Errorf("the store %s does not answer: %w", s.path, err)
	}
	return nil
}

// Close stops the writer once its batch is committed (later calls fail), closes Notes and
// the database. Calling it again does nothing.
func (s *Store) Close() error {
	var err error
	s.once.Do(func() {
		close(s.quit)
		<-s.stopped
		<-s.ckDone
		close(s.notes)
		err = s.closeDBs()
	})
	return err
}

func (s *Store) closeDBs() error {
	var errs []error
	for _, db := range []*sql.DB{s.r, s.ck, s.w} {
		if db != nil {
			errs = append(errs, db.Close())
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("closing %s: %w", s.path, err)
	}
	return nil
}
