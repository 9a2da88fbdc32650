//go:build linux

package sqlitestore

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"

	"brass/mailbox"
)

// TestFullDisk fills the store until appends fail, and checks that they fail with
// mailbox.ErrFull, that every message acknowledged before is read back exactly (also after a
// reopen), and that appends work again once there is room. It fills a real small
// filesystem (a tmpfs, where mounting one is permitted) and, in any case, a database capped
// by PRAGMA max_page_count.
func TestFullDisk(t *testing.T) {
	t.Run("Tmpfs", func(t *testing.T) {
		dir := t.TempDir()
		if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=2m,mode=0700"); err != nil {
			t.Logf("mounting a tmpfs is not permitted here (%v): capping the database with PRAGMA max_page_count instead", err)
			fullByPageCap(t)
			return
		}
		t.Cleanup(func() {
			if err := syscall.Unmount(dir, 0); err != nil {
				t.Errorf("unmounting the test's tmpfs at %s: %v", dir, err)
			}
		})
		t.Log("filling a 2 MiB tmpfs")
		// Ballast to delete once the filesystem is full: the room an operator would free.
		ballast := filepath.Join(dir, "ballast")
		if err := os.WriteFile(ballast, make([]byte, 512<<10), 0o600); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "mailbox.db")
		fillAndRecover(t, path, func(*Store) {
			if err := os.Remove(ballast); err != nil {
				t.Fatal(err)
			}
		})
	})
	t.Run("PageCap", fullByPageCap)
}

// fullByPageCap caps the writer's connection at a few pages more than the database holds.
func fullByPageCap(t *testing.T) {
	t.Log("filling a database capped by PRAGMA max_page_count")
	path := filepath.Join(t.TempDir(), "mailbox.db")
	fillAndRecover(t, path, func(s *Store) { setPageCap(t, s, 1<<30) }, func(s *Store) {
		var pages int64
		if err := s.w.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
			t.Fatal(err)
		}
		setPageCap(t, s, pages+64)
	})
}

// setPageCap sets max_page_count on the writer's one connection.
func setPageCap(t *testing.T, s *Store, pages int64) {
	t.Helper()
	if _, err := s.w.Exec(fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		t.Fatal(err)
	}
}

// fillAndRecover opens a store at path, calls limit (if any) once a game is started, appends
// until the store is full, checks what is kept, calls room to make room, and checks that
// appends work again, and that all is kept across a reopen.
func fillAndRecover(t *testing.T, path string, room func(*Store), limit ...func(*Store)) {
	s := open(t, path)
	defer func() { s.Close() }()
	g := newTestGame(t)
	startGame(t, s, g)
	for _, l := range limit {
		l(s)
	}
	kept := s.readAll(t, g.id)
	var failed mailbox.Append
	for i := 0; ; i++ {
		if i == 2000 {
			t.Fatal("2000 appends of 8 KiB and the store is not full")
		}
		a := g.move(i%2, 8<<10)
		r, err := s.Append(t.Context(), a)
		if err != nil {
			if !errors.Is(err, mailbox.ErrFull) {
				t.Fatalf("Append to a full store: %v; want ErrFull", err)
			}
			t.Logf("full after %d appends: %v", i, err)
			failed = a
			break
		}
		kept = append(kept, mailbox.Stored{N: r.N, To: -1, Env: a.Env})
	}
	// More appends at once, batched by the writer: each stored or refused with ErrFull.
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 8 {
		a := g.move(i%2, 8<<10)
		wg.Go(func() {
			r, err := s.Append(t.Context(), a)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				kept = append(kept, mailbox.Stored{N: r.N, To: -1, Env: a.Env})
			case !errors.Is(err, mailbox.ErrFull):
				t.Errorf("Append to a full store: %v; want ErrFull", err)
			}
		})
	}
	wg.Wait()
	slices.SortFunc(kept, func(a, b mailbox.Stored) int { return cmp.Compare(a.N, b.N) })
	checkKept(t, s, g.id, kept)

	room(s)
	r, err := s.Append(t.Context(), failed)
	if err != nil || r.Dup || r.N != int64(len(kept)+1) {
		t.Fatalf("the refused append again, with room = %+v, %v; want message %d, new", r, err, len(kept)+1)
	}
	kept = append(kept, mailbox.Stored{N: r.N, To: -1, Env: failed.Env})
	more := g.move(0, 100)
	if r, err = s.Append(t.Context(), more); err != nil {
		t.Fatalf("Append once there is room: %v", err)
	}
	kept = append(kept, mailbox.Stored{N: r.N, To: -1, Env: more.Env})
	checkKept(t, s, g.id, kept)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	checkKept(t, s, g.id, kept)
}

func (s *Store) readAll(t *testing.T, game string) []mailbox.Stored {
	t.Helper()
	var all []mailbox.Stored
	for {
		page, err := s.Read(t.Context(), game, int64(len(all)), 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			return all
		}
		all = append(all, page...)
	}
}

// checkKept checks that the game's log is exactly kept, and its counts agree.
func checkKept(t *testing.T, s *Store, game string, kept []mailbox.Stored) {
	t.Helper()
	got := s.readAll(t, game)
	if len(got) != len(kept) {
		t.Fatalf("the log holds %d messages, want the %d acknowledged", len(got), len(kept))
	}
	var size int64
	for i := range got {
		if got[i].N != int64(i+1) || !bytes.Equal(got[i].Env, kept[i].Env) {
			t.Fatalf("message %d is not the envelope acknowledged as %d", got[i].N, kept[i].N)
		}
		size += int64(len(got[i].Env))
	}
	gm, err := s.Game(t.Context(), game)
	if err != nil || gm.Head != int64(len(kept)) || gm.Bytes != size {
		t.Fatalf("Game = Head %d, Bytes %d, %v; want %d, %d", gm.Head, gm.Bytes, err, len(kept), size)
	}
}
