//go:build !js

package storetest

import (
	"brass/mailbox"
)

// capChecks: "within the game's caps (ErrGameFull)", the caps being Limits.MaxMessages
// (messages of all kinds), MaxBytes (bytes of stored envelopes) and MaxLobby (lobby
// envelopes). A game may reach a cap exactly; the message past it is refused and stores
// nothing.
var capChecks = []check{
	{"MaxMessagesCountsAllKinds", capMessages},
	{"MaxBytesCountsStoredEnvelopes", capBytes},
	{"MaxLobbyCountsLobbyEnvelopes", capLobby},
}

func capMessages(h *harness) {
	h.limits.MaxMessages = 5
	f := h.fixture(2, "198.51.100.7")
	h.mustCreate(f.create())
	h.mustAppend(f.lobby("2"))
	h.mustAppend(f.genesis())
	h.mustAppend(f.move(0, -1, "4"))
	h.mustAppend(f.move(1, 0, "5, the cap"))
	h.refuse(f.move(0, -1, "6"), mailbox.ErrGameFull)
	h.refuse(f.finish(1), mailbox.ErrGameFull)
}

func capBytes(h *harness) {
	f := h.started(2, "198.51.100.7")
	next := f.move(0, -1, "the one that fills the game")
	room := h.game(f.id).Bytes + int64(len(next.Env))
	h.limits.MaxBytes = room - 1
	h.refuse(next, mailbox.ErrGameFull)
	h.limits.MaxBytes = room
	h.mustAppend(next)
	if g := h.game(f.id); g.Bytes != room {
		h.t.Fatalf("the game holds %d bytes, want %d (the cap)", g.Bytes, room)
	}
	h.refuse(f.finish(1), mailbox.ErrGameFull)
}

func capLobby(h *harness) {
	h.limits.MaxLobby = 2
	f := h.fixture(2, "198.51.100.7")
	h.mustCreate(f.create())
	h.mustAppend(f.lobby("1"))
	h.mustAppend(f.lobby("2, the cap"))
	h.refuse(f.lobby("3"), mailbox.ErrGameFull)
	// The lobby cap holds back lobby envelopes only.
	h.mustAppend(f.genesis())
}
