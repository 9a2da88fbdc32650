//go:build !js

package pgstore

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"brass/internal/pgtest"
	"brass/mailbox"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// open opens a store on url, closed when the test ends.
func open(t testing.TB, url string) *Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := Open(ctx, url, Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// game creates a started game of two seats and returns its id.
func game(t testing.TB, s *Store) string {
	t.Helper()
	ctx := context.Background()
	id := mailbox.GameID(random(32))
	invite, host := random(32), random(32)
	if _, err := s.Create(ctx, mailbox.Create{Game: id, Seats: 2, Invite: invite, Host: host, Nonce: nonce(),
		Env: []byte("create " + id), Creator: "127.0.0.1", Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, mailbox.Append{Game: id, Kind: mailbox.KindGenesis, From: -1, To: -1, Signer: host,
		Nonce: nonce(), Env: []byte("genesis"), Seats: []byte(`[]`), Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	return id
}

// move is a game envelope from seat 0 with a fresh nonce.
func move(id string, signer []byte, body string) mailbox.Append {
	return mailbox.Append{Game: id, Kind: mailbox.KindGame, From: 0, To: -1, Signer: signer, Nonce: nonce(),
		Env: []byte(body), Now: time.Now()}
}

// random is n random bytes (crypto/rand.Read never fails).
func random(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

func nonce() string { return mailbox.Encode64(random(mailbox.NonceSize)) }

// TestTwoInstances is two server instances on one database: an append through either is
// noted by the other, and both read the same log.
func TestTwoInstances(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a, b := open(t, url), open(t, url)
	ctx := context.Background()
	id := game(t, a)
	seat := random(32)
	for i, s := range []*Store{a, b, a} {
		other := b
		if s == b {
			other = a
		}
		got, err := s.Append(ctx, move(id, seat, fmt.Sprint("move ", i)))
		if err != nil {
			t.Fatal(err)
		}
		waitNote(t, other, id, got.N)
	}
	la, err := a.Read(ctx, id, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	lb, err := b.Read(ctx, id, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(la) != fmt.Sprint(lb) || len(la) != 5 {
		t.Fatalf("the instances read different logs, or not the 5 messages:\n%v\n%v", la, lb)
	}
}

// waitNote waits up to a second for s to note that game has reached n.
func waitNote(t *testing.T, s *Store, game string, n int64) {
	t.Helper()
	deadline := time.After(time.Second)
	for {
		select {
		case got := <-s.Notes():
			if got.Game == game && got.N >= n {
				return
			}
		case <-deadline:
			t.Fatalf("no note of game %s reaching %d within a second", game, n)
		}
	}
}

// TestConcurrentAppends appends to one game from many goroutines through two instances: the
// numbers are 2 (after the create) to the last with none twice and none missing.
func TestConcurrentAppends(t *testing.T) {
	url := pgtest.NewDatabase(t)
	stores := []*Store{open(t, url), open(t, url)}
	id := game(t, stores[0])
	const workers, each = 8, 25
	var wg sync.WaitGroup
	got := make(chan int64, workers*each)
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			s, seat := stores[w%2], random(32)
			for i := range each {
				a, err := s.Append(context.Background(), move(id, seat, fmt.Sprint(w, " ", i)))
				if err != nil {
					errs <- err
					return
				}
				got <- a.N
			}
		})
	}
	wg.Wait()
	close(got)
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	seen := map[int64]bool{}
	for n := range got {
		if seen[n] {
			t.Fatalf("number %d given twice", n)
		}
		seen[n] = true
	}
	last := int64(2 + workers*each)
	for n := int64(3); n <= last; n++ {
		if !seen[n] {
			t.Fatalf("number %d was not given (last %d)", n, last)
		}
	}
	log, err := stores[1].Read(context.Background(), id, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range log {
		if m.N != int64(i+1) {
			t.Fatalf("message %d of the log is numbered %d", i+1, m.N)
		}
	}
	if int64(len(log)) != last {
		t.Fatalf("the log has %d messages, want %d", len(log), last)
	}
}

// TestNotesReconnect ends the notes connection from the server's side: the store connects
// and listens again, and notes the appends after that.
func TestNotesReconnect(t *testing.T) {
	url := pgtest.NewDatabase(t)
	s := open(t, url)
	id := game(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var ended int
	err := s.pool.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE application_name = $1 AND datname = current_database()`, notesApp).Scan(&ended)
	if err != nil || ended != 1 {
		t.Fatalf("ending the notes connection: %d ended, %v", ended, err)
	}
	// Appends made while it reconnects are not noted: append every 50 ms until one is. The
	// game's messages 1 and 2, from before, may still be in the channel.
	seat := random(32)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case n := <-s.Notes():
			if n.Game == id && n.N > 2 {
				return
			}
		case <-tick.C:
			if _, err := s.Append(ctx, move(id, seat, "after")); err != nil {
				t.Fatal(err)
			}
		case <-ctx.Done():
			t.Fatal("no note within 20 s of the notes connection's end: it did not reconnect")
		}
	}
}

// TestSweepInBatches sweeps more games than a batch holds, twice over: every batch is
// deleted, and the games kept are kept.
func TestSweepInBatches(t *testing.T) {
	s := open(t, pgtest.NewDatabase(t))
	ctx := context.Background()
	const old = 2*sweepBatch + 1
	// Made in SQL, at once: this checks Sweep, not Create.
	hourAgo := time.Now().Add(-time.Hour)
	if _, err := s.pool.Exec(ctx, `INSERT INTO games (id, seats, invite, host, head, bytes, creator, created, touched)
		SELECT 'g' || i, 2, '', '', 1, 6, '127.0.0.1', $1, $1 FROM generate_series(1, $2) i`, hourAgo, old); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO messages (game, n, to_seat, signer, nonce, env)
		SELECT 'g' || i, 1, -1, '', 'n', 'create' FROM generate_series(1, $1) i`, old); err != nil {
		t.Fatal(err)
	}
	kept := game(t, s)
	n, err := s.Sweep(ctx, time.Now(), mailbox.Retention{Finished: time.Minute, Idle: time.Minute, Unstarted: time.Minute})
	if err != nil || n != old {
		t.Fatalf("Sweep = %d, %v; want the %d games untouched for an hour", n, err, old)
	}
	if st, err := s.Stats(ctx); err != nil || st.Games != 1 {
		t.Fatalf("Stats after the sweep = %+v, %v; want the one game just made", st, err)
	}
	if _, err := s.Game(ctx, kept); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM messages`).Scan(&left); err != nil || left != 2 {
		t.Fatalf("%d messages left (%v), want the kept game's 2", left, err)
	}
}

// TestOpenAtOnce opens several stores on a new database at once: one migrates, the others
// wait for it under the advisory lock and find the schema done.
func TestOpenAtOnce(t *testing.T) {
	url := pgtest.NewDatabase(t)
	var wg sync.WaitGroup
	var opened atomic.Int32
	for range 4 {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			s, err := Open(ctx, url, Options{})
			if err != nil {
				t.Error(err)
				return
			}
			opened.Add(1)
			_ = s.Close()
		})
	}
	wg.Wait()
	if opened.Load() != 4 {
		t.Fatalf("%d of 4 stores opened", opened.Load())
	}
}

// TestNewerSchema refuses a database that a newer server migrated.
func TestNewerSchema(t *testing.T) {
	url := pgtest.NewDatabase(t)
	s := open(t, url)
	ctx := context.Background()
	if _, err := s.pool.Exec(ctx, `UPDATE mailbox_schema SET version = $1`, len(migrations)+1); err != nil {
		t.Fatal(err)
	}
	_, err := Open(ctx, url, Options{})
	want := fmt.Sprintf("schema is version %d, newer than this server's %d", len(migrations)+1, len(migrations))
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("opening a database of a newer schema: %v, want an error saying %q", err, want)
	}
}

// TestDiskFull checks that PostgreSQL's disk_full is mailbox.ErrFull, and that what only
// asks to try again is not.
func TestDiskFull(t *testing.T) {
	full := wrap("appending", &pgconn.PgError{Code: "53100", Message: "could not extend file"})
	if !errors.Is(full, mailbox.ErrFull) {
		t.Fatalf("disk_full is %v, not ErrFull", full)
	}
	var pgErr *pgconn.PgError
	if !errors.As(full, &pgErr) {
		t.Fatalf("disk_full lost PostgreSQL's error: %v", full)
	}
	if busy := wrap("appending", &pgconn.PgError{Code: "53300"}); errors.Is(busy, mailbox.ErrFull) {
		t.Fatalf("too_many_connections is ErrFull: %v", busy)
	}
	if no := wrap("appending", pgx.ErrNoRows); errors.Is(no, mailbox.ErrFull) {
		t.Fatalf("another error is ErrFull: %v", no)
	}
}

// BenchmarkAppend appends to many games at once, through one store, as the server's
// connections do, and reports the appends a second.
func BenchmarkAppend(b *testing.B) {
	s := open(b, pgtest.NewDatabase(b))
	env := make([]byte, 600)
	b.SetParallelism(4)
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		id, seat := game(b, s), random(32)
		for pb.Next() {
			a := move(id, seat, "")
			a.Env = env
			if _, err := s.Append(context.Background(), a); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "appends/s")
}
