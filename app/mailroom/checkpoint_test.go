//go:build !js

package mailroom

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"brass/app/online"
	"brass/engine"
)

// view is what a visit leaves a device with: what it stores, where it got to in the log, and
// what its screen shows of the game and of the other devices.
type view struct {
	stored     string // the signed moves and the deal, as stored
	n          int64  // the checkpoint's message
	hash       string
	hellos     string // the newest hello of each seat the core holds
	screen     string
	notices    []string
	appendedTo int64 // the log's length after the visit
	resumes    bool  // the checkpoint it stored lets the next visit read from it
}

// reopen opens a copy of a device's game, reading the log from its checkpoint (or, whole, from
// its first message), plays nothing, and says what the visit leaves it with. The device itself
// is left as it was; the copy draws the device's randomness from a copy of it, so that whatever
// it sends is what the device would (the mailbox takes it again as a retry).
func (tb *table) reopen(d *device, whole bool) view {
	t := tb.t
	c := *d
	state, err := d.keys.r.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	c.keys = seeded{new(rand.ChaCha8)}
	if err := c.keys.r.UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}
	if whole {
		c.checkpoint.Prev, c.checkpoint.Taken, c.checkpoint.Hellos = nil, nil, nil // as the versions before stored it
	}
	r := tb.resume(&c)
	link, err := NewLink(tb.game, *c.genesis, c.id)
	if err != nil {
		t.Fatal(err)
	}
	var v view
	sess, err := Open(tb.ctx, Options{URL: tb.s.url, Link: link, Core: r, Checkpoint: c.checkpoint,
		Save: func() error { return c.store(r) }, Checkpointed: c.checkpointed(r),
		Ready: func(rd online.Ready) {
			for _, n := range rd.Notices {
				v.notices = append(v.notices, n.Text)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Idle(tb.ctx); err != nil {
		t.Fatalf("device %d, reading the log %s: %v", d.seat, map[bool]string{true: "whole", false: "from its checkpoint"}[whole], err)
	}
	// Its own messages come back to it too: the checkpoint is at the log's end once it took
	// them (the mailbox holds this one game).
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		st, _ := tb.s.srv.Stats(tb.ctx)
		var n int64
		_ = sess.Do(func() error { n = c.checkpoint.N; return nil })
		if n == st.Messages {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("device %d's checkpoint stays at %d of %d messages", d.seat, n, st.Messages)
		}
	}
	_ = sess.Do(func() error {
		g := r.Game()
		var seats []string
		for s := range g.State().NumPlayers {
			seats = append(seats, r.SeatState(int(s)).String())
		}
		hellos := r.Hellos()
		for _, p := range slices.Sorted(func(yield func(string) bool) {
			for p := range hellos {
				if !yield(p) {
					return
				}
			}
		}) {
			v.hellos += fmt.Sprintf("%s:%x;", p, hellos[p])
		}
		v.screen = fmt.Sprintf("moves %d, hash %x, actor %d, local %v, behind %v, waits %v, stalls %v, stopped %q, differs %q, unentitled %d, audit %q, seats %v",
			len(g.Moves()), g.Hash(), g.State().Actor(), r.LocalSeat(d.seat), r.Behind(), r.DealWaiting(), r.Stalls(), r.Stopped(), r.Disagreement(), r.Unentitled(), r.DealAudit(), seats)
		return nil
	})
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); tb.s.connections(t) != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the server still counts a closed connection")
		}
	}
	st, _ := tb.s.srv.Stats(tb.ctx)
	v.stored, v.n, v.hash, v.appendedTo = string(c.signed)+string(c.deal), c.checkpoint.N, fmt.Sprintf("%x", c.checkpoint.Hash), st.Messages
	v.resumes = c.checkpoint.resumes()
	return v
}

// TestAVisitFromItsCheckpointIsAVisitReadingTheWholeLog: three devices play a game with hidden
// cards through the mailbox, each visit reading the log from its checkpoint; after every other
// visit, the device's game is opened again both ways, from its checkpoint and reading the whole log
// (as the versions before did, and as a checkpoint stored by them still does): both leave the
// device with the same stored game, checkpoint and screen, and the second sends nothing the
// first did not (the mailbox takes it as retries); each stores a checkpoint the next visit
// reads from. And the visits from the checkpoint read only what came after it.
func TestAVisitFromItsCheckpointIsAVisitReadingTheWholeLog(t *testing.T) {
	for _, cfg := range []engine.Config{
		{Edition: "birmingham", Players: 3, Seed: 5, Names: []string{"Ada", "Brunel", "Coade"}, Dealt: true},
		{Edition: "lancashire", Players: 3, Seed: 6, Names: []string{"Ada", "Brunel", "Coade"}, Dealt: true},
	} {
		t.Run(cfg.Edition, func(t *testing.T) { visitsBothWays(t, cfg) })
	}
}

// visitsBothWays plays a whole game, checking every other visit both ways.
func visitsBothWays(t *testing.T, cfg engine.Config) {
	tb := newTable(t, cfg)
	tb.setUp()
	for _, d := range tb.devices {
		tb.readGenesis(d)
	}
	visits, moves := 0, 0
	for ; visits < 3000 && !tb.done(); visits++ {
		d := tb.devices[visits%len(tb.devices)]
		moves += tb.visit(d)
		if visits%2 == 1 {
			continue // (every other visit is checked: each device's, in turn, at every stage of the game)
		}
		before, _ := tb.s.srv.Stats(tb.ctx)
		part := tb.reopen(d, false)
		after, _ := tb.s.srv.Stats(tb.ctx)
		if read := after.Delivered - before.Delivered; d.checkpoint.resumes() && read > part.appendedTo-d.checkpoint.N+1 {
			t.Fatalf("visit %d: device %d read %d messages from its checkpoint at %d of %d", visits, d.seat, read, d.checkpoint.N, part.appendedTo)
		}
		whole := tb.reopen(d, true)
		switch {
		case !whole.resumes || !part.resumes:
			t.Fatalf("visit %d: device %d stored a checkpoint the next visit cannot read from (reading the whole log: %v, from the checkpoint: %v)", visits, d.seat, !whole.resumes, !part.resumes)
		case whole.appendedTo != part.appendedTo:
			t.Fatalf("visit %d: device %d, reading the whole log, sent %d messages that reading from its checkpoint did not", visits, d.seat, whole.appendedTo-part.appendedTo)
		case whole.stored != part.stored:
			t.Fatalf("visit %d: device %d stores another game reading the whole log than from its checkpoint", visits, d.seat)
		case whole.n != part.n || whole.hash != part.hash:
			t.Fatalf("visit %d: device %d's checkpoint: %d %s reading the whole log, %d %s from its checkpoint", visits, d.seat, whole.n, whole.hash, part.n, part.hash)
		case whole.hellos != part.hellos:
			t.Fatalf("visit %d: device %d holds other hellos reading the whole log than from its checkpoint", visits, d.seat)
		case whole.screen != part.screen:
			t.Fatalf("visit %d: device %d shows\n%s\nreading the whole log, and\n%s\nfrom its checkpoint", visits, d.seat, whole.screen, part.screen)
		case strings.Join(whole.notices, "|") != strings.Join(part.notices, "|"):
			t.Fatalf("visit %d: device %d notices %q reading the whole log, %q from its checkpoint", visits, d.seat, whole.notices, part.notices)
		}
	}
	if !tb.done() {
		t.Fatalf("after %d visits and %d moves the game is not over and audited everywhere", visits, moves)
	}
	tb.checkEnd()
}
