//go:build !js

package sqlitestore

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"brass/mailbox"
)

// testGame is a started game's keys for the tests of this package (the conformance suite
// has its own): real signed envelopes, as the server would store them.
type testGame struct {
	t      testing.TB
	id     string
	invite ed25519.PrivateKey
	host   ed25519.PrivateKey
	seats  []ed25519.PrivateKey
}

var testLimits = mailbox.Limits{MaxMessages: 1 << 20, MaxBytes: 1 << 40, MaxLobby: 1000, GamesPerCreator: 1 << 20}

func newTestGame(t testing.TB) *testGame {
	t.Helper()
	secret := make([]byte, 32)
	rand.Read(secret)
	invite, err := mailbox.InvitationKey(secret)
	if err != nil {
		t.Fatal(err)
	}
	g := &testGame{t: t, invite: invite, host: key(t)}
	g.id = mailbox.GameID(invite.Public().(ed25519.PublicKey))
	g.seats = []ed25519.PrivateKey{key(t), key(t)}
	return g
}

func key(t testing.TB) ed25519.PrivateKey {
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func (g *testGame) env(kind string, from int, k ed25519.PrivateKey, body []byte) (nonce string, env []byte) {
	nonce, err := mailbox.NewNonce(rand.Reader)
	if err != nil {
		g.t.Fatal(err)
	}
	e := mailbox.Envelope{Game: g.id, Kind: kind, From: from, To: -1, Nonce: nonce, Body: body}
	e.Sign(k)
	if err := e.Check(); err != nil {
		g.t.Fatal(err)
	}
	b, err := json.Marshal(&e)
	if err != nil {
		g.t.Fatal(err)
	}
	return nonce, b
}

func (g *testGame) create() mailbox.Create {
	pub := g.invite.Public().(ed25519.PublicKey)
	host := g.host.Public().(ed25519.PublicKey)
	body, _ := json.Marshal(mailbox.CreateBody{Seats: len(g.seats), Host: mailbox.Encode64(host)})
	nonce, env := g.env(mailbox.KindCreate, -1, g.invite, body)
	return mailbox.Create{Game: g.id, Seats: len(g.seats), Invite: pub, Host: host, Nonce: nonce, Env: env,
		Creator: "192.0.2.1", Now: time.Now(), Limits: testLimits}
}

func (g *testGame) genesis() mailbox.Append {
	var seats []mailbox.Seat
	for _, k := range g.seats {
		box := key(g.t).Public().(ed25519.PublicKey) // any 32 bytes: the store does not read it
		seats = append(seats, mailbox.Seat{Sign: mailbox.Encode64(k.Public().(ed25519.PublicKey)), Box: mailbox.Encode64(box)})
	}
	keys, _ := json.Marshal(seats)
	body, _ := json.Marshal(mailbox.GenesisBody{Seats: seats})
	return g.appendOf(mailbox.KindGenesis, -1, g.host, body, keys)
}

// move is a game envelope from seat from with a body of about size bytes.
func (g *testGame) move(from, size int) mailbox.Append {
	body, _ := json.Marshal(map[string]string{"move": strings.Repeat("m", size)})
	return g.appendOf(mailbox.KindGame, from, g.seats[from], body, nil)
}

func (g *testGame) appendOf(kind string, from int, k ed25519.PrivateKey, body, seats []byte) mailbox.Append {
	nonce, env := g.env(kind, from, k, body)
	return mailbox.Append{Game: g.id, Kind: kind, From: from, To: -1, Signer: k.Public().(ed25519.PublicKey),
		Nonce: nonce, Env: env, Seats: seats, Now: time.Now(), Limits: testLimits}
}

func newCreate(t testing.TB) mailbox.Create { return newTestGame(t).create() }

// startGame creates g in s and stores its genesis.
func startGame(t testing.TB, s *Store, g *testGame) {
	t.Helper()
	if _, err := s.Create(t.Context(), g.create()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(t.Context(), g.genesis()); err != nil {
		t.Fatal(err)
	}
}
