//go:build !js

package sqlitestore

import (
	"database/sql"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"brass/mailbox"
	"brass/mailbox/storetest"
)

// open opens a store at path, failing the test if it cannot.
func open(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(path, Options{Logger: slog.New(slog.NewTextHandler(t.Output(), nil))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestConformance runs the suite every mailbox.Store passes, on a file in a new directory
// per subtest.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) func() mailbox.Store {
		path := filepath.Join(t.TempDir(), "nested", "mailbox.db") // Open makes the directory
		return func() mailbox.Store { return open(t, path) }
	})
}

func schemaVersion(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int
	if err := db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestReopenRunsMigrationsAgain: opening a file the code wrote runs the migrations again
// and finds nothing to do: the version stays, the messages too.
func TestReopenRunsMigrationsAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mailbox.db")
	s := open(t, path)
	c := newCreate(t)
	if _, err := s.Create(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if v := schemaVersion(t, path); v != len(migrations) {
			t.Fatalf("schema version %d, want %d", v, len(migrations))
		}
		s := open(t, path)
		got, err := s.Read(t.Context(), c.Game, 0, 10)
		if err != nil || len(got) != 1 || string(got[0].Env) != string(c.Env) {
			t.Fatalf("after a reopen, Read = %v, %v; want the create", got, err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestNewerSchemaIsRefused: a file a newer server migrated further is not opened (this
// code would misread it), with an error that says so.
func TestNewerSchemaIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mailbox.db")
	if err := open(t, path).Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE schema_version SET version = ?`, len(migrations)+1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(path, Options{})
	if err == nil {
		s.Close()
		t.Fatal("Open of a database at a newer schema version succeeded")
	}
	if !strings.Contains(err.Error(), "newer server") {
		t.Fatalf("Open of a newer database: %v; want an error saying a newer server wrote it", err)
	}
}

// TestClosedStoreRefuses: after Close, writes fail with a clear error instead of hanging.
func TestClosedStoreRefuses(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "mailbox.db"))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(t.Context(), newCreate(t)); !errors.Is(err, errClosed) {
		t.Fatalf("Create on a closed store: %v; want %v", err, errClosed)
	}
	if _, ok := <-s.Notes(); ok {
		t.Fatal("Notes of a closed store is open")
	}
	if err := s.Close(); err != nil {
		t.Fatalf("a second Close: %v", err)
	}
}

// TestCheckpointsBesideTheWriter: SQLite's own checkpoint (which ran inside a commit) is
// off, and the store's checkpointer copies the WAL into the database file while appends go
// on.
func TestCheckpointsBesideTheWriter(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var auto int
	if err := s.w.QueryRow(`PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("SQLite's automatic checkpoint is %d (%v), want off", auto, err)
	}
	g := newTestGame(t)
	startGame(t, s, g)
	for i := range 300 {
		if _, err := s.Append(t.Context(), g.move(i%2, 900)); err != nil {
			t.Fatal(err)
		}
	}
	// With SQLite's own checkpoint off, the database file grows only by the store's
	// checkpointer copying the WAL into it.
	deadline := time.Now().Add(10 * time.Second)
	for {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() >= 300*900 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s the database file holds %d bytes of 300 messages of 900: the WAL was not checkpointed", fi.Size())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
