//go:build !js

package storetest

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"testing"

	"brass/mailbox"
)

// fixture is one game's keys as its devices hold them: the invitation key (create and
// lobby envelopes), the host's key (the genesis) and each seat's signing and box keys (game
// and finish envelopes). Its methods build the calls the server would make, with real
// signed envelopes, so what a store keeps is real envelope JSON.
type fixture struct {
	t       *testing.T
	id      string
	invite  ed25519.PrivateKey
	host    ed25519.PrivateKey
	seats   []seatKeys
	creator string
}

type seatKeys struct {
	sign ed25519.PrivateKey
	box  mailbox.BoxKey
}

// newFixture draws the keys of a game of n seats created from the address creator.
func newFixture(t *testing.T, n int, creator string) *fixture {
	t.Helper()
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		t.Fatalf("drawing an invitation secret: %v", err)
	}
	invite, err := mailbox.InvitationKey(secret)
	if err != nil {
		t.Fatalf("deriving the invitation key: %v", err)
	}
	f := &fixture{t: t, invite: invite, host: newKey(t), creator: creator}
	f.id = mailbox.GameID(f.invitePub())
	for range n {
		k := newKey(t)
		box, err := mailbox.BoxKeyFrom(k.Seed())
		if err != nil {
			t.Fatalf("deriving a box key: %v", err)
		}
		f.seats = append(f.seats, seatKeys{sign: k, box: box})
	}
	return f
}

func newKey(t *testing.T) ed25519.PrivateKey {
	t.Helper()
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatalf("drawing a key: %v", err)
	}
	return k
}

func (f *fixture) invitePub() ed25519.PublicKey { return f.invite.Public().(ed25519.PublicKey) }
func (f *fixture) hostPub() ed25519.PublicKey   { return f.host.Public().(ed25519.PublicKey) }

func (f *fixture) nonce() string {
	f.t.Helper()
	n, err := mailbox.NewNonce(rand.Reader)
	if err != nil {
		f.t.Fatal(err)
	}
	return n
}

// envelope signs an envelope (sealing payload to seat to when to ≥ 0) and returns its JSON,
// after checking it is one the server would let through to the store.
func (f *fixture) envelope(kind string, from, to int, key ed25519.PrivateKey, nonce string, payload []byte) []byte {
	f.t.Helper()
	e := mailbox.Envelope{Game: f.id, Kind: kind, From: from, To: to, Nonce: nonce, Body: payload}
	if to >= 0 {
		if err := e.Seal(payload, f.seats[to].box.Public, rand.Reader); err != nil {
			f.t.Fatal(err)
		}
	}
	e.Sign(key)
	if err := e.Check(); err != nil {
		f.t.Fatalf("the suite built a %s envelope the server would refuse: %v", kind, err)
	}
	if !e.Verify() {
		f.t.Fatalf("the suite built a %s envelope whose signature does not verify", kind)
	}
	b, err := json.Marshal(&e)
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

// create is the game's create call (Now and Limits are the harness's to fill in).
func (f *fixture) create() mailbox.Create {
	f.t.Helper()
	return f.createWithNonce(f.nonce())
}

// createWithNonce is a create envelope of the game under a chosen nonce: another nonce is
// another create envelope for the same id.
func (f *fixture) createWithNonce(nonce string) mailbox.Create {
	f.t.Helper()
	body, err := json.Marshal(mailbox.CreateBody{Seats: len(f.seats), Host: mailbox.Encode64(f.hostPub())})
	if err != nil {
		f.t.Fatal(err)
	}
	return mailbox.Create{
		Game:    f.id,
		Seats:   len(f.seats),
		Invite:  f.invitePub(),
		Host:    f.hostPub(),
		Nonce:   nonce,
		Env:     f.envelope(mailbox.KindCreate, -1, -1, f.invite, nonce, body),
		Creator: f.creator,
	}
}

// appendOf is the append call for one envelope.
func (f *fixture) appendOf(kind string, from, to int, key ed25519.PrivateKey, nonce string, payload []byte) mailbox.Append {
	f.t.Helper()
	return mailbox.Append{
		Game:   f.id,
		Kind:   kind,
		From:   from,
		To:     to,
		Signer: key.Public().(ed25519.PublicKey),
		Nonce:  nonce,
		Env:    f.envelope(kind, from, to, key, nonce, payload),
	}
}

// lobby is a lobby envelope saying text, signed by the invitation key.
func (f *fixture) lobby(text string) mailbox.Append {
	f.t.Helper()
	return f.lobbyWithNonce(f.nonce(), text)
}

func (f *fixture) lobbyWithNonce(nonce, text string) mailbox.Append {
	f.t.Helper()
	return f.appendOf(mailbox.KindLobby, -1, -1, f.invite, nonce, jsonOf(f.t, map[string]string{"say": text}))
}

// genesis is the genesis envelope binding the fixture's seat keys, signed by the host.
func (f *fixture) genesis() mailbox.Append {
	f.t.Helper()
	return f.genesisWithNonce(f.nonce())
}

func (f *fixture) genesisWithNonce(nonce string) mailbox.Append {
	f.t.Helper()
	var seats []mailbox.Seat
	for _, s := range f.seats {
		seats = append(seats, mailbox.Seat{
			Sign: mailbox.Encode64(s.sign.Public().(ed25519.PublicKey)),
			Box:  mailbox.Encode64(s.box.Public[:]),
		})
	}
	body := jsonOf(f.t, mailbox.GenesisBody{Seats: seats, Game: json.RawMessage(`{"seed":"commit"}`)})
	if _, err := mailbox.ParseGenesis(body, len(f.seats)); err != nil {
		f.t.Fatalf("the suite built a genesis the server would refuse: %v", err)
	}
	a := f.appendOf(mailbox.KindGenesis, -1, -1, f.host, nonce, body)
	a.Seats = jsonOf(f.t, seats)
	return a
}

// move is a game envelope from seat from, to every device (to −1) or sealed to seat to.
func (f *fixture) move(from, to int, text string) mailbox.Append {
	f.t.Helper()
	return f.moveWithNonce(from, to, f.nonce(), text)
}

func (f *fixture) moveWithNonce(from, to int, nonce, text string) mailbox.Append {
	f.t.Helper()
	return f.appendOf(mailbox.KindGame, from, to, f.seats[from].sign, nonce, jsonOf(f.t, map[string]string{"move": text}))
}

// finish is seat from's finish envelope.
func (f *fixture) finish(from int) mailbox.Append {
	f.t.Helper()
	return f.appendOf(mailbox.KindFinish, from, -1, f.seats[from].sign, f.nonce(), jsonOf(f.t, map[string]string{"result": "over"}))
}

func jsonOf(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
