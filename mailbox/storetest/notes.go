//go:build !js

package storetest

import (
	"sync"
	"time"

	"brass/mailbox"
)

// noteChecks: "Notes tells of every message appended to any game … soon after its commit. A
// note may come more than once, or be lost when a reader is slow (the channel is never
// blocked on)."
var noteChecks = []check{
	{"NoteSoonAfterAppend", noteAfterAppend},
	{"UnreadNotesNeverBlockAppends", notesNeverBlock},
}

// drain takes what notes are waiting, so that a check waits for notes of its own appends.
func (h *harness) drain() {
	for {
		select {
		case _, ok := <-h.s.Notes():
			if !ok {
				h.t.Fatal("the Notes channel is closed while the store is open")
			}
		default:
			return
		}
	}
}

// note waits (boundedly) for a note that game has grown to n or more; notes of other games
// and repeated notes are allowed.
func (h *harness) note(game string, n int64) {
	h.t.Helper()
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		select {
		case note, ok := <-h.s.Notes():
			if !ok {
				h.t.Fatal("the Notes channel is closed while the store is open")
			}
			if note.Game == game && note.N >= n {
				return
			}
		case <-deadline.C:
			h.t.Fatalf("no note of message %d of game %s within %v of its append", n, game, wait)
		}
	}
}

func noteAfterAppend(h *harness) {
	f, g := h.fixture(2, "198.51.100.7"), h.fixture(2, "198.51.100.7")
	h.mustCreate(f.create())
	h.mustCreate(g.create())
	h.drain()
	h.note(f.id, h.mustAppend(f.lobby("f")))
	h.note(g.id, h.mustAppend(g.lobby("g")))
	h.mustAppend(f.genesis())
	h.note(f.id, h.mustAppend(f.move(0, 1, "sealed")))
}

// notesNeverBlock: more appends than any note buffer holds, with nobody reading Notes, all
// complete (in bounded time); a later append is still noted.
func notesNeverBlock(h *harness) {
	const workers, each = 16, 130
	games := make([]*fixture, 4)
	for i := range games {
		games[i] = h.started(2, "198.51.100.7")
	}
	work := make([][]mailbox.Append, workers)
	for w := range work {
		f := games[w%len(games)]
		for i := range each {
			work[w] = append(work[w], f.move(i%2, -1, "x"))
		}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, as := range work {
		wg.Go(func() {
			for _, a := range as {
				if _, err := h.append(a); err != nil {
					h.t.Errorf("Append while nobody reads Notes: %v", err)
					return
				}
			}
		})
	}
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		h.t.Fatalf("%d appends with nobody reading Notes did not complete within a minute: is the store blocked on its Notes channel?", workers*each)
	}
	if h.t.Failed() {
		return
	}
	h.drain()
	f := games[0]
	h.note(f.id, h.mustAppend(f.move(0, -1, "noted")))
}
