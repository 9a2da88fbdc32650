//go:build unix

package mailbox_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"brass/internal/pgtest"
	"brass/mailbox"
	"brass/mailbox/pgstore"
)

// Two server instances on one PostgreSQL database: each its own httptest server and its
// own pgstore.Store, as two processes behind a load balancer.

func openPG(t *testing.T, url string) *pgstore.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := pgstore.Open(ctx, url, pgstore.Options{Logf: t.Logf})
	if err != nil {
		t.Fatalf("opening the PostgreSQL store: %v", err)
	}
	return st
}

func twoInstances(t *testing.T) (a, b *harness) {
	t.Helper()
	url := pgtest.NewDatabase(t)
	// Poll is left at its 5 s: what arrives within a second came by the store's notes.
	return serveStore(t, openPG(t, url), mailbox.Config{}), serveStore(t, openPG(t, url), mailbox.Config{})
}

// A game created on instance A opens on B; what a device on A appends reaches a device on
// B live, within a second (by the database's notifications, not B's 5 s poll).
func TestTwoInstancesLive(t *testing.T) {
	a, b := twoInstances(t)
	g := newGame(t, 2)
	head := a.started(t, g)
	onB := b.open(t, mailbox.Frame{Game: g.id})
	if live, msgs := onB.waitLive(); live != head || len(msgs) != int(head) {
		t.Fatalf("instance B opened a game of A's at live %d with %d messages, want %d", live, len(msgs), head)
	}
	onA := a.open(t, mailbox.Frame{Game: g.id, After: head})
	for i := range 3 {
		move := g.move(i%2, fmt.Sprintf(`{"across":%d}`, i))
		n := onA.appendOK(move).N
		got := onB.within(time.Second, fmt.Sprintf("message %d from the other instance", n), func(msgs []mailbox.Delivery, _ int64) bool {
			return len(msgs) > 0 && msgs[len(msgs)-1].N >= n
		})
		if last := got[len(got)-1]; last.N != n || last.Env.Nonce != move.Nonce {
			t.Fatalf("instance B delivered %d (%s), want %d (%s)", last.N, last.Env.Nonce, n, move.Nonce)
		}
	}
}

// Fifty appends alternating between the instances are numbered contiguously, and readers on
// both instances are delivered them all in the same order.
func TestTwoInstancesOneOrder(t *testing.T) {
	a, b := twoInstances(t)
	g := newGame(t, 2)
	head := a.started(t, g)
	readers := []*device{a.open(t, mailbox.Frame{Game: g.id}), b.open(t, mailbox.Frame{Game: g.id})}
	writers := []*device{a.open(t, mailbox.Frame{Game: g.id, After: head}), b.open(t, mailbox.Frame{Game: g.id, After: head})}
	nonces := map[int64]string{}
	last := head
	for i := range 50 {
		move := g.move(i%2, fmt.Sprintf(`{"i":%d}`, i))
		ack := writers[i%2].appendOK(move)
		if ack.N != last+1 || ack.Dup {
			t.Fatalf("append %d (on instance %c) was numbered %+v after %d", i, 'A'+i%2, ack, last)
		}
		last = ack.N
		nonces[ack.N] = move.Nonce
	}
	var seen [2][]mailbox.Delivery
	for i, r := range readers {
		seen[i] = r.waitN(last)
		for j, m := range seen[i] {
			if m.N != int64(j+1) {
				t.Fatalf("the reader on instance %c got message %d as its %dth", 'A'+i, m.N, j+1)
			}
			if want, ok := nonces[m.N]; ok && m.Env.Nonce != want {
				t.Fatalf("the reader on instance %c got another envelope as %d", 'A'+i, m.N)
			}
		}
	}
	if len(seen[0]) != len(seen[1]) {
		t.Fatalf("the readers got %d and %d messages", len(seen[0]), len(seen[1]))
	}
	for j := range seen[0] {
		if seen[0][j].Env.Sig != seen[1][j].Env.Sig {
			t.Fatalf("the readers' orders differ at message %d", seen[0][j].N)
		}
	}
}
