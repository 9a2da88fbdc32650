//go:build !js

package storetest

import (
	"errors"
	"time"

	"brass/mailbox"
)

// numberingChecks: "Messages are numbered 1, 2, … per game with no gap, in commit order" and
// "The same envelope again (same signer and nonce, same bytes) is a retry: Dup, the number it
// has; another envelope under a signer's used nonce is ErrNonceReused."
var numberingChecks = []check{
	{"OneTwoThreeWithNoGapAcrossKinds", numberedAcrossKinds},
	{"EachGameFromOne", numberedPerGame},
	{"RetryIsDupWithItsNumberAndStoresNothing", retryIsDup},
	{"RetryAfterTheGameStartedIsStillDup", retryAfterStart},
	{"RetryAtTheCapIsStillDup", retryAtCap},
	{"OtherBytesUnderAUsedNonceIsErrNonceReused", nonceReused},
	{"SameNonceUnderAnotherSignerIsAnotherMessage", nonceOtherSigner},
}

func numberedAcrossKinds(h *harness) {
	f := h.fixture(3, "198.51.100.7")
	c := f.create()
	h.mustCreate(c)
	as := []mailbox.Append{
		f.lobby("a"), f.lobby("b"), f.genesis(), f.move(0, -1, "m1"),
		f.move(1, 2, "sealed to 2"), f.finish(2), f.move(2, 0, "sealed to 0"),
	}
	for i, a := range as {
		if n := h.mustAppend(a); n != int64(i+2) {
			h.t.Fatalf("the %s envelope is message %d, want %d", a.Kind, n, i+2)
		}
	}
	sameLog(h.t, h.readAll(f.id), logOf(c, as...))
}

func numberedPerGame(h *harness) {
	f, g := h.fixture(2, "198.51.100.7"), h.fixture(2, "198.51.100.7")
	cf, cg := f.create(), g.create()
	h.mustCreate(cf)
	h.mustCreate(cg)
	af, ag := f.lobby("f"), g.lobby("g")
	bf, bg := f.lobby("f2"), g.lobby("g2")
	for _, a := range []mailbox.Append{af, ag, bf, bg} {
		h.mustAppend(a)
	}
	sameLog(h.t, h.readAll(f.id), logOf(cf, af, bf))
	sameLog(h.t, h.readAll(g.id), logOf(cg, ag, bg))
}

func retryIsDup(h *harness) {
	f := h.started(2, "198.51.100.7")
	a := f.move(0, -1, "once")
	n := h.mustAppend(a)
	h.mustAppend(f.move(1, -1, "later"))
	before, log, st := h.game(f.id), h.readAll(f.id), h.stats()
	h.now = epoch.Add(time.Minute)
	if r, err := h.append(a); err != nil || r != (mailbox.Appended{N: n, Dup: true}) {
		h.t.Fatalf("the same envelope again = %+v, %v; want message %d, a dup", r, err, n)
	}
	// Nothing stored, not even the later time of the retry.
	h.unchanged(f.id, before, log, st)
}

// retryAfterStart: a client whose answer was lost sends its lobby envelope again after the
// genesis came; it is the message it was, not a late lobby envelope.
func retryAfterStart(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	h.mustCreate(f.create())
	lobby, gen := f.lobby("before"), f.genesis()
	nl := h.mustAppend(lobby)
	ng := h.mustAppend(gen)
	for _, x := range []struct {
		a mailbox.Append
		n int64
	}{{lobby, nl}, {gen, ng}} {
		if r, err := h.append(x.a); err != nil || r != (mailbox.Appended{N: x.n, Dup: true}) {
			h.t.Fatalf("the %s envelope again after the genesis = %+v, %v; want message %d, a dup", x.a.Kind, r, err, x.n)
		}
	}
}

// retryAtCap: the game's last message, sent again, is answered though the game is full.
func retryAtCap(h *harness) {
	h.limits.MaxMessages = 3
	f := h.started(2, "198.51.100.7")
	last := f.move(0, -1, "the last that fits")
	n := h.mustAppend(last)
	if r, err := h.append(last); err != nil || r != (mailbox.Appended{N: n, Dup: true}) {
		h.t.Fatalf("the last message again in a full game = %+v, %v; want message %d, a dup", r, err, n)
	}
}

func nonceReused(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	c := f.create()
	h.mustCreate(c)
	nonce := f.nonce()
	h.mustAppend(f.lobbyWithNonce(nonce, "first"))
	h.refuse(f.lobbyWithNonce(nonce, "second"), mailbox.ErrNonceReused)
	// The create envelope's nonce is the invitation key's too.
	h.refuse(f.lobbyWithNonce(c.Nonce, "under the create's nonce"), mailbox.ErrNonceReused)
	h.mustAppend(f.genesis())
	m := f.nonce()
	h.mustAppend(f.moveWithNonce(0, -1, m, "a"))
	h.refuse(f.moveWithNonce(0, 1, m, "b, sealed"), mailbox.ErrNonceReused)
}

func nonceOtherSigner(h *harness) {
	f := h.fixture(2, "198.51.100.7")
	c := f.create()
	h.mustCreate(c)
	// One nonce under the invitation key, the host's key and each seat's: four messages.
	nonce := f.nonce()
	as := []mailbox.Append{
		f.lobbyWithNonce(nonce, "invitation key"),
		f.genesisWithNonce(nonce),
		f.moveWithNonce(0, -1, nonce, "seat 0"),
		f.moveWithNonce(1, -1, nonce, "seat 1"),
	}
	for _, a := range as {
		h.mustAppend(a)
	}
	sameLog(h.t, h.readAll(f.id), logOf(c, as...))
	if _, err := h.append(f.moveWithNonce(1, 0, nonce, "seat 1 again")); !errors.Is(err, mailbox.ErrNonceReused) {
		h.t.Fatalf("seat 1 reusing its nonce = %v; want ErrNonceReused", err)
	}
}
