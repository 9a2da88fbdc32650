//go:build !js

package mailbox_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"testing"
	"time"

	"github.com/coder/websocket"

	"brass/mailbox"
)

// fixedGame is a game whose keys are derived from seed, so that the envelopes of the seed
// corpus (and any crasher kept in testdata) stay valid from run to run.
func fixedGame(t testing.TB, n int, seed byte) *game {
	t.Helper()
	key := func(b byte) ed25519.PrivateKey {
		return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{b}, ed25519.SeedSize))
	}
	i := byte(0)
	return gameFrom(t, n, bytes.Repeat([]byte{seed}, 32), key(seed+100), func() ed25519.PrivateKey { i++; return key(seed + 10*i) })
}

// audited is what the fuzz target has checked of one game's log so far.
type audited struct {
	g       *game
	head    int64
	started bool
	nonces  map[string]bool // signer and nonce
}

// audit checks what the store holds beyond what was checked: every message numbered next,
// an envelope of the right shape, signed, for its game, by a key its kind allows at that
// point, under a nonce its key did not use; and no game but the known ones.
func audit(t *testing.T, h *harness, games []*audited) {
	t.Helper()
	st, err := h.store.Stats(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	exist := int64(0)
	for _, a := range games {
		msgs := h.log(t, a.g.id)
		if len(msgs) > 0 {
			exist++
		}
		if int64(len(msgs)) < a.head {
			t.Fatalf("game %s lost messages: %d, had %d", a.g.id, len(msgs), a.head)
		}
		for _, m := range msgs[a.head:] {
			var e mailbox.Envelope
			if err := json.Unmarshal(m.Env, &e); err != nil {
				t.Fatalf("message %d is not an envelope: %v", m.N, err)
			}
			if m.N != a.head+1 || e.Check() != nil || !e.Verify() || e.Game != a.g.id || e.To != m.To {
				t.Fatalf("message %d after %d is not a checked, signed envelope of its game: %s", m.N, a.head, m.Env)
			}
			key := e.Key + " " + e.Nonce
			if a.nonces[key] {
				t.Fatalf("message %d reuses a nonce of its key", m.N)
			}
			a.nonces[key] = true
			ok := false
			switch e.Kind {
			case mailbox.KindCreate:
				ok = m.N == 1 && e.Key == pub(a.g.invite)
			case mailbox.KindLobby:
				ok = m.N > 1 && !a.started && e.Key == pub(a.g.invite)
			case mailbox.KindGenesis:
				ok = m.N > 1 && !a.started && e.Key == pub(a.g.host) && bytes.Equal(e.Body, a.g.genesisBody())
				a.started = true
			case mailbox.KindGame, mailbox.KindFinish:
				ok = a.started && e.From < len(a.g.seats) && e.To < len(a.g.seats) && e.Key == pub(a.g.seats[e.From].sign)
			}
			if !ok {
				t.Fatalf("message %d is a %s envelope its key %s may not write there", m.N, e.Kind, e.Key)
			}
			a.head = m.N
		}
	}
	if st.Games != exist {
		t.Fatalf("the store holds %d games, of which %d are known", st.Games, exist)
	}
}

// FuzzFrames sends whatever bytes as a connection's first frame, as a frame after an open
// (of a started game, or of one in its lobby), or as the envelope of an append. The server
// must answer every frame (an ack, opened, or an error) without panicking, and the store
// must hold nothing a client could not have written.
func FuzzFrames(f *testing.F) {
	unmetered := mailbox.Config{
		FramesPerSecond: 1e9, FrameBurst: 1 << 30, AppendsPerKeySecond: 1e9, AppendKeyBurst: 1 << 30,
		MaxConnsPerAddr: 1 << 20, OpensPerMinute: 1e12, AppendsPerAddrSecond: 1e9, AppendAddrBurst: 1 << 30,
		CreatesPerHour: 1e12, CreateBurst: 1 << 30,
	}
	h := newHarness(f, unmetered)
	started, lobby, fresh := fixedGame(f, 2, 1), fixedGame(f, 3, 2), fixedGame(f, 2, 3)
	h.started(f, started)
	h.created(f, lobby)
	games := []*audited{{g: started}, {g: lobby}, {g: fresh}}
	for _, a := range games {
		a.nonces = map[string]bool{}
	}

	open := func(g *game, extra mailbox.Frame) []byte {
		extra.V, extra.Type, extra.Game = mailbox.Version, mailbox.TypeOpen, g.id
		return mustJSON(extra)
	}
	createFresh, createLobby := fresh.create(), lobby.create()
	move, sealed := started.move(0, `{"seed":1}`), started.sealed(1, 0, "secret")
	for _, seed := range []struct {
		mode uint8
		data []byte
	}{
		{0, open(started, mailbox.Frame{})},
		{0, open(started, mailbox.Frame{After: 1, Watch: true})},
		{0, open(fresh, mailbox.Frame{Create: &createFresh})},
		{0, open(lobby, mailbox.Frame{Create: &createLobby})},
		{0, []byte(`{"v":1,"type":"open","game":"AAAAAAAAAAAAAAAAAAAAAA","after":-1}`)},
		{0, []byte(`{not json`)},
		{1, mustJSON(appendFrame(1, move))},
		{1, mustJSON(appendFrame(2, sealed))},
		{1, mustJSON(appendFrame(3, started.finish(1)))},
		{1, open(started, mailbox.Frame{})},
		{2, mustJSON(appendFrame(1, lobby.lobby(`{"seat":1}`)))},
		{2, mustJSON(appendFrame(1, lobby.genesis()))},
		{3, mustJSON(started.move(1, `{"seed":2}`))},
		{3, mustJSON(move)},
		{4, mustJSON(lobby.lobby(`{"seat":2}`))},
		{4, mustJSON(createLobby)},
	} {
		f.Add(seed.mode, seed.data)
	}

	f.Fuzz(func(t *testing.T, mode uint8, data []byte) {
		if len(data) > mailbox.MaxFrame {
			return // the oversize frame has its own test
		}
		r := h.raw(t, nil)
		defer r.c.CloseNow()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		answered := func(types ...string) {
			for {
				_, b, err := r.c.Read(ctx)
				if err != nil {
					t.Fatalf("the server ended the connection without an answer (mode %d): %v", mode%5, err)
				}
				var fr mailbox.Frame
				if err := json.Unmarshal(b, &fr); err != nil {
					t.Fatalf("the server sent a frame that is not JSON: %q", b)
				}
				for _, typ := range append(types, mailbox.TypeError) {
					if fr.Type == typ {
						return
					}
				}
			}
		}
		frame := data
		switch mode % 5 {
		case 0:
		case 1, 3:
			r.openGame(mailbox.Frame{Game: started.id, After: 1 << 40})
		case 2, 4:
			r.openGame(mailbox.Frame{Game: lobby.id, After: 1 << 40})
		}
		if mode%5 >= 3 {
			frame = append(append([]byte(`{"type":"append","id":1,"env":`), data...), '}')
		}
		if err := r.c.Write(ctx, websocket.MessageText, frame); err != nil {
			t.Fatalf("sending: %v", err)
		}
		if mode%5 == 0 {
			answered(mailbox.TypeLive)
		} else {
			answered(mailbox.TypeAck)
		}
		audit(t, h, games)
	})
}
