//go:build !js

package storetest

import (
	"errors"
	"time"

	"brass/mailbox"
)

// gameChecks: "Game describes a game, or ErrNoGame", field by field as mailbox.Game
// documents them.
var gameChecks = []check{
	{"UnknownIsErrNoGame", gameNoGame},
	{"CountsFollowTheLog", gameCounts},
	{"TouchedMovesOnAppendOnly", gameTouched},
	{"FinishMarksFinished", gameFinished},
}

func gameNoGame(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	if g, err := h.s.Game(h.ctx, f.id); !errors.Is(err, mailbox.ErrNoGame) {
		h.t.Fatalf("Game of a game never created = %+v, %v; want ErrNoGame", g, err)
	}
}

// gameCounts: Head is the last number, Bytes the stored envelopes' size, Lobby the lobby
// envelopes, after every append.
func gameCounts(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	c := f.create()
	h.mustCreate(c)
	var as []mailbox.Append
	lobby := int64(0)
	for _, a := range []mailbox.Append{f.lobby("1"), f.lobby("2"), f.genesis(), f.move(0, 1, "sealed"), f.finish(1)} {
		h.mustAppend(a)
		as = append(as, a)
		if a.Kind == mailbox.KindLobby {
			lobby++
		}
		log := logOf(c, as...)
		g := h.game(f.id)
		if g.Head != int64(len(log)) || g.Bytes != sizeOf(log) || g.Lobby != lobby {
			h.t.Fatalf("after the %s envelope: Head %d, Bytes %d, Lobby %d; want %d, %d, %d", a.Kind, g.Head, g.Bytes, g.Lobby, len(log), sizeOf(log), lobby)
		}
	}
}

// gameTouched: Touched is the time of the last append (the create, at first); a refused
// envelope or a retry stores nothing, so it does not move it.
func gameTouched(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	h.mustCreate(f.create())
	if g := h.game(f.id); !g.Created.Equal(epoch) || !g.Touched.Equal(epoch) {
		h.t.Fatalf("a new game created %v, touched %v; want both %v", g.Created, g.Touched, epoch)
	}
	t1 := epoch.Add(90 * time.Second)
	h.now = t1
	lobby := f.lobby("later")
	h.mustAppend(lobby)
	if g := h.game(f.id); !g.Created.Equal(epoch) || !g.Touched.Equal(t1) {
		h.t.Fatalf("after an append at %v: created %v, touched %v; want created %v, touched %v", t1, g.Created, g.Touched, epoch, t1)
	}
	h.now = t1.Add(time.Hour)
	h.refuse(f.move(0, -1, "too early"), mailbox.ErrNotStarted)
	if r, err := h.append(lobby); err != nil || !r.Dup {
		h.t.Fatalf("a retry = %+v, %v; want a dup", r, err)
	}
	if g := h.game(f.id); !g.Touched.Equal(t1) {
		h.t.Fatalf("after a refusal and a retry, touched %v; want %v still", g.Touched, t1)
	}
}

func gameFinished(h *harness) {
	f := h.started(3, "198.51.100.7")
	h.mustAppend(f.move(0, -1, "m"))
	if h.game(f.id).Finished {
		h.t.Fatal("a game with no finish envelope is Finished")
	}
	h.mustAppend(f.finish(1))
	if !h.game(f.id).Finished {
		h.t.Fatal("a game with a finish envelope is not Finished")
	}
}
