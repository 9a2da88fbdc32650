//go:build !js

package storetest

import (
	"errors"

	"brass/mailbox"
)

// kindChecks: "Append stores one envelope of a game that exists (ErrNoGame otherwise), by the
// rules of its kind: lobby and genesis only before the genesis (ErrStarted), game and finish
// only after (ErrNotStarted)."
var kindChecks = []check{
	{"AppendToUnknownGameIsErrNoGame", appendNoGame},
	{"LobbyBeforeGenesis", lobbyBeforeGenesis},
	{"LobbyAfterGenesisIsErrStarted", lobbyAfterGenesis},
	{"GenesisStartsTheGameOnce", genesisOnce},
	{"GameAndFinishBeforeGenesisAreErrNotStarted", gameBeforeGenesis},
	{"GameAndFinishAfterGenesis", gameAfterGenesis},
}

func appendNoGame(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	for _, a := range []mailbox.Append{f.lobby("hello"), f.genesis(), f.move(0, -1, "m"), f.finish(1)} {
		if r, err := h.append(a); !errors.Is(err, mailbox.ErrNoGame) {
			h.t.Fatalf("Append of a %s envelope to a game never created = %+v, %v; want ErrNoGame", a.Kind, r, err)
		}
	}
	if _, err := h.s.Game(h.ctx, f.id); !errors.Is(err, mailbox.ErrNoGame) {
		h.t.Fatalf("Game after appends to a game never created = %v; want ErrNoGame", err)
	}
	if st := h.stats(); st != (mailbox.StoreStats{}) {
		h.t.Fatalf("Stats after appends to a game never created = %+v, want nothing", st)
	}
}

func lobbyBeforeGenesis(h *harness) {
	f := h.fixture(3, "198.51.100.7")
	h.mustCreate(f.create())
	h.mustAppend(f.lobby("seat 1 is mine"))
	h.mustAppend(f.lobby("commit abc"))
	g := h.game(f.id)
	if g.Started || g.Lobby != 2 || g.Head != 3 {
		h.t.Fatalf("after two lobby envelopes the game is %+v; want not started, Lobby 2, Head 3", g)
	}
}

func lobbyAfterGenesis(h *harness) {
	f := h.started(2, "198.51.100.7")
	h.refuse(f.lobby("too late"), mailbox.ErrStarted)
}

func genesisOnce(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	h.mustCreate(f.create())
	if g := h.game(f.id); g.Started || len(g.SeatKeys) != 0 {
		h.t.Fatalf("before its genesis the game is %+v; want not started, no seat keys", g)
	}
	gen := f.genesis()
	h.mustAppend(gen)
	g := h.game(f.id)
	if !g.Started || !sameJSON(g.SeatKeys, gen.Seats) {
		h.t.Fatalf("after its genesis the game is started %v with seat keys %s; want started with %s", g.Started, g.SeatKeys, gen.Seats)
	}
	// Another genesis (the host signing again, another nonce) would rebind the seats.
	h.refuse(f.genesis(), mailbox.ErrStarted)
}

func gameBeforeGenesis(h *harness) {
	f := h.fixture(3, "198.51.100.7")
	h.mustCreate(f.create())
	h.refuse(f.move(0, -1, "first"), mailbox.ErrNotStarted)
	h.refuse(f.move(0, 2, "sealed"), mailbox.ErrNotStarted)
	h.refuse(f.finish(1), mailbox.ErrNotStarted)
}

func gameAfterGenesis(h *harness) {
	f := h.started(3, "198.51.100.7")
	h.mustAppend(f.move(0, -1, "build"))
	h.mustAppend(f.move(1, 0, "a secret to seat 0"))
	h.mustAppend(f.finish(2))
	h.mustAppend(f.move(2, -1, "after the finish"))
}
