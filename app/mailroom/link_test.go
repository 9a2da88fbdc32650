package mailroom

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"strings"
	"testing"

	"brass/app/online"
	"brass/engine"
	"brass/mailbox"
)

// links are the three seats' links of one game.
func links(t *testing.T) ([]*Link, []online.Identity) {
	t.Helper()
	secret := make([]byte, 32)
	invite, _ := mailbox.InvitationKey(secret)
	game := mailbox.GameID(invite.Public().(ed25519.PublicKey))
	g := online.Genesis{Game: "abc", Config: engine.Config{Edition: "birmingham", Players: 3, Seed: 1}}
	var ids []online.Identity
	for s := 0; s < 3; s++ {
		id, _ := online.NewIdentity(source(byte(s+1), 7))
		ids = append(ids, id)
		g.Keys = append(g.Keys, id.Public())
		g.Boxes = append(g.Boxes, id.BoxPublic())
	}
	var ls []*Link
	for _, id := range ids {
		l, err := NewLink(game, g, id)
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
	}
	return ls, ids
}

// TestWhatIsSaidToEveryoneIsOneEnvelopeAndToOneSeatIsSealed: the same data to every other
// seat, in a run, is one envelope every device reads; data to one seat is sealed to it: the
// addressee opens it, the third seat does not get it, and the body holds no plaintext.
func TestWhatIsSaidToEveryoneIsOneEnvelopeAndToOneSeatIsSealed(t *testing.T) {
	ls, _ := links(t)
	all := []byte(`{"type":"ack","at":3}`)
	secret := []byte(`{"type":"hello","note":"for seat 1 alone"}`)
	envs, err := ls[0].Envelopes([]online.Outgoing{{To: PeerOf(1), Data: all}, {To: PeerOf(2), Data: all}, {To: PeerOf(1), Data: secret}})
	if err != nil {
		t.Fatal(err)
	}
	if len(envs) != 2 || envs[0].To != -1 || envs[1].To != 1 {
		t.Fatalf("envelopes %+v, want one to everyone, then one sealed to seat 1", envs)
	}
	if bytes.Contains(envs[1].Body, []byte("alone")) {
		t.Fatal("the sealed body holds its plaintext")
	}
	for seat, want := range map[int][]byte{1: secret, 2: nil} {
		for _, e := range envs[1:] {
			ev, ok, err := ls[seat].Event(e, true)
			if err != nil || ok != (want != nil) || ok && !bytes.Equal(ev.Data, want) || ok && ev.Peer != PeerOf(0) {
				t.Fatalf("seat %d took the sealed envelope as %v, %v, %v", seat, ev, ok, err)
			}
		}
	}
	ev, ok, err := ls[2].Event(envs[0], true)
	if !ok || err != nil || !bytes.Equal(ev.Data, all) {
		t.Fatalf("seat 2 did not take the envelope to everyone: %v %v", ok, err)
	}
}

// TestTheSameMessageIsTheSameEnvelope: said again, a message is byte for byte the envelope
// it was, so the mailbox numbers it once; another message, or the same to another seat, is
// another envelope.
func TestTheSameMessageIsTheSameEnvelope(t *testing.T) {
	ls, _ := links(t)
	data := []byte(`{"type":"deal","seq":4}`)
	a, _ := ls[0].Envelopes([]online.Outgoing{{To: PeerOf(1), Data: data}})
	b, _ := ls[0].Envelopes([]online.Outgoing{{To: PeerOf(1), Data: data}})
	c, _ := ls[0].Envelopes([]online.Outgoing{{To: PeerOf(2), Data: data}})
	d, _ := ls[0].Envelopes([]online.Outgoing{{To: PeerOf(1), Data: append(data, ' ')}})
	ja, _ := json.Marshal(a[0])
	jb, _ := json.Marshal(b[0])
	if !bytes.Equal(ja, jb) {
		t.Fatal("the same message made two different envelopes")
	}
	if a[0].Nonce == c[0].Nonce || a[0].Nonce == d[0].Nonce {
		t.Fatal("two different messages share a nonce")
	}
}

// TestAMaliciousMailboxCannotForgeMoveOrReplay: what a server (or a seat) could try with
// the envelopes it holds is refused or ignored, and the core never sees it.
func TestAMaliciousMailboxCannotForgeMoveOrReplay(t *testing.T) {
	ls, ids := links(t)
	data := []byte(`{"type":"sync-request","at":2}`)
	sealed, _ := ls[1].Envelopes([]online.Outgoing{{To: PeerOf(0), Data: data}})
	e := sealed[0]
	if _, ok, err := ls[0].Event(e, true); !ok || err != nil {
		t.Fatalf("the honest envelope: %v %v", ok, err)
	}
	if _, ok, err := ls[0].Event(e, true); ok || err != nil {
		t.Fatal("the same envelope was taken twice")
	}
	changed := e
	changed.Body = append([]byte(nil), e.Body...)
	changed.Body[len(changed.Body)-1] ^= 1
	claimed := e
	claimed.From = 2 // said to come from seat 2, signed by seat 1's key
	other := e
	other.Game = mailbox.GameID(make(ed25519.PublicKey, 32))
	// Seat 2 takes seat 1's sealed body and sends it as its own, signed properly.
	moved := e
	moved.From = 2
	moved.Nonce = "AAAAAAAAAAAAAAAAAAAAAA"
	moved.Sign(ed25519.NewKeyFromSeed(ids[2].Seed()))
	// A body sealed to seat 0 but sent under a header to every device.
	unsealed := e
	unsealed.To = -1
	unsealed.Sign(ed25519.NewKeyFromSeed(ids[1].Seed()))
	for name, bad := range map[string]mailbox.Envelope{
		"a body changed after it was signed": changed,
		"a sender named who did not sign it": claimed,
		"an envelope of another game":        other,
		"a sealed body under another sender": moved,
		"a sealed body sent as one to all":   unsealed,
	} {
		ev, ok, err := ls[0].Event(bad, true)
		if name == "a sealed body sent as one to all" {
			// It reads as a body to everyone: the core gets ciphertext, which is no message.
			if ok && bytes.Equal(ev.Data, data) {
				t.Fatalf("%s: the core got the plaintext", name)
			}
			continue
		}
		if ok || err == nil {
			t.Fatalf("%s: taken (%v, %v)", name, ok, err)
		}
	}
}

// TestAMailboxOfAnotherGameIsRefused: a genesis in the mailbox that binds other keys to a
// seat, or is not the host's, stops the device with a clear error.
func TestAMailboxOfAnotherGameIsRefused(t *testing.T) {
	ls, ids := links(t)
	secret := make([]byte, 32)
	invite, _ := mailbox.InvitationKey(secret)
	_, host, _ := ed25519.GenerateKey(source(5, 5))
	env := func(kind string, body any, key ed25519.PrivateKey) mailbox.Envelope {
		b, _ := json.Marshal(body)
		e := mailbox.Envelope{Game: ls[0].Game(), Kind: kind, From: -1, To: -1, Nonce: "AAAAAAAAAAAAAAAAAAAAAA", Body: b}
		e.Sign(key)
		return e
	}
	create := env(mailbox.KindCreate, mailbox.CreateBody{Seats: 3, Host: mailbox.Encode64(host.Public().(ed25519.PublicKey))}, invite)
	seats := func(swap bool) []mailbox.Seat {
		var out []mailbox.Seat
		for s, id := range ids {
			out = append(out, mailbox.Seat{Sign: string(id.Public()), Box: string(id.BoxPublic())})
			if swap && s == 2 {
				out[s].Sign = string(ids[0].Public())[:42] + "A"
			}
		}
		return out
	}
	good := env(mailbox.KindGenesis, mailbox.GenesisBody{Seats: seats(false)}, host)
	check := genesisCheck{link: ls[0]}
	if err := check.see(create); err != nil {
		t.Fatal(err)
	}
	if err := check.see(good); err != nil {
		t.Fatalf("the game's own genesis: %v", err)
	}
	for name, bad := range map[string]mailbox.Envelope{
		"another key for a seat":    env(mailbox.KindGenesis, mailbox.GenesisBody{Seats: seats(true)}, host),
		"a genesis not by the host": env(mailbox.KindGenesis, mailbox.GenesisBody{Seats: seats(false)}, invite),
	} {
		if err := check.see(bad); err == nil || !strings.Contains(err.Error(), "genesis") && !strings.Contains(err.Error(), "another game") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
