//go:build !js

package sqlitestore

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
)

// TestBackupWhileServing: a backup taken while the store is open and being written holds
// every message acknowledged before it, opens as a store of its own with the same logs, and
// never overwrites a file.
func TestBackupWhileServing(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "mailbox.db")
	st, err := Open(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	games := seedGames(t, st, 3, 20)
	dest := filepath.Join(dir, "backup.db")
	if err := Backup(ctx, src, dest); err != nil {
		t.Fatal(err)
	}
	seedGames(t, st, 1, 5) // written after the copy: not in it, and no harm done
	cp, err := Open(dest, Options{})
	if err != nil {
		t.Fatalf("the backup does not open as a store: %v", err)
	}
	defer cp.Close()
	for _, g := range games {
		want, err := st.Read(ctx, g, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		got, err := cp.Read(ctx, g, 0, 1000)
		if err != nil || len(got) != len(want) {
			t.Fatalf("the backup holds %d messages of a game (%v), the store %d", len(got), err, len(want))
		}
		for i := range want {
			if got[i].N != want[i].N || !bytes.Equal(got[i].Env, want[i].Env) {
				t.Fatalf("message %d differs in the backup", want[i].N)
			}
		}
	}
	if err := Backup(ctx, src, dest); err == nil {
		t.Fatal("a second backup overwrote the first")
	}
}

// seedGames starts n games in s with moves messages each and returns their ids.
func seedGames(t *testing.T, s *Store, n, moves int) []string {
	t.Helper()
	var ids []string
	for range n {
		g := newTestGame(t)
		startGame(t, s, g)
		for i := range moves {
			if _, err := s.Append(t.Context(), g.move(i%2, 200)); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, g.id)
	}
	return ids
}
