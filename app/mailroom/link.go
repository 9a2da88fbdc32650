package mailroom

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"brass/app/online"
	"brass/mailbox"
)

// Link is one device's side of a game's mailbox, with no network in it: it turns what the
// core sends into envelopes to append, and the log's envelopes into the core's events,
// checking each against the device's own genesis (the mailbox is not trusted).
type Link struct {
	game    string // the mailbox's game id
	genesis online.Genesis
	seat    int
	priv    ed25519.PrivateKey
	box     mailbox.BoxKey
	derive  []byte     // the key the envelopes' nonces and sealing are derived from
	boxes   [][32]byte // by seat
	seen    map[envelopeID]bool
	taken   []envelopeID // seen's ids, in the order they came
}

const envelopeDomain = "brass mailroom envelopes v1"

// NewLink makes the link of the device holding id in the game g, whose mailbox is game.
func NewLink(game string, g online.Genesis, id online.Identity) (*Link, error) {
	if !mailbox.ValidGameID(game) {
		return nil, errors.New("that is not a mailbox game id")
	}
	l := &Link{game: game, genesis: g, seat: -1, priv: ed25519.NewKeyFromSeed(id.Seed()), box: id.Box(), seen: map[envelopeID]bool{}}
	for i, k := range g.Keys {
		if k == id.Public() {
			l.seat = i
		}
	}
	if l.seat < 0 {
		return nil, errors.New("this device's key holds no seat in the game")
	}
	if len(g.Boxes) != len(g.Keys) {
		return nil, errors.New("the game's genesis binds no box keys, so what is said to one seat could not be sealed: it cannot be played through a mailbox")
	}
	for i, b := range g.Boxes {
		k, ok := b.Bytes()
		if !ok {
			return nil, fmt.Errorf("seat %d's box key in the genesis is malformed", i)
		}
		l.boxes = append(l.boxes, k)
	}
	var err error
	if l.derive, err = hkdf.Key(sha256.New, id.Seed(), nil, envelopeDomain, 32); err != nil {
		return nil, err
	}
	return l, nil
}

// Game is the mailbox's game id.
func (l *Link) Game() string { return l.game }

// PeerOf is the peer id seat s has on every device of a mailbox game.
func PeerOf(seat int) string { return "seat" + strconv.Itoa(seat) }

// seatOf reads a peer id back, or −1.
func seatOf(peer string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(peer, "seat"))
	if err != nil || !strings.HasPrefix(peer, "seat") || n < 0 || n >= mailbox.MaxSeats {
		return -1
	}
	return n
}

// Greet is what the core is told as the device opens the mailbox: it is in the room, and
// every other seat's channel is open (the mailbox reaches every seat, now or later).
func (l *Link) Greet() []online.Event {
	evs := []online.Event{{Kind: online.Entered, Peer: PeerOf(l.seat)}}
	for s := range l.genesis.Keys {
		if s != l.seat {
			evs = append(evs, online.Event{Kind: online.Opened, Peer: PeerOf(s)})
		}
	}
	return evs
}

// Envelopes turns the core's messages into the envelopes to append, in their order: a run
// of the same data to every other seat is one envelope to every device; anything else is
// sealed to its seat.
func (l *Link) Envelopes(out []online.Outgoing) ([]mailbox.Envelope, error) {
	var envs []mailbox.Envelope
	others := len(l.genesis.Keys) - 1
	for i := 0; i < len(out); {
		run := map[int]bool{}
		j := i
		for j < len(out) && bytes.Equal(out[j].Data, out[i].Data) {
			s := seatOf(out[j].To)
			if s < 0 || s == l.seat || s >= len(l.genesis.Keys) || run[s] {
				break
			}
			run[s] = true
			j++
		}
		if len(run) == others {
			e, err := l.envelope(-1, out[i].Data)
			if err != nil {
				return nil, err
			}
			envs, i = append(envs, e), j
			continue
		}
		s := seatOf(out[i].To)
		if s < 0 || s == l.seat || s >= len(l.genesis.Keys) {
			return nil, fmt.Errorf("the core sent to %q, which is no other seat of this game", out[i].To)
		}
		e, err := l.envelope(s, out[i].Data)
		if err != nil {
			return nil, err
		}
		envs, i = append(envs, e), i+1
	}
	return envs, nil
}

// envelope makes the one envelope of data to seat to (−1: every device). Its nonce and the
// sealing's randomness are derived from the data, so the same message is the same envelope.
func (l *Link) envelope(to int, data []byte) (mailbox.Envelope, error) {
	if len(data) > mailbox.MaxBody-mailbox.SealOverhead-64 {
		return mailbox.Envelope{}, fmt.Errorf("a message of %d bytes is more than a mailbox takes", len(data))
	}
	sum := sha256.Sum256(data)
	info := func(what string) string {
		return what + "\x00" + strconv.Itoa(to) + "\x00" + hex.EncodeToString(sum[:])
	}
	nonce, err := hkdf.Key(sha256.New, l.derive, nil, info("nonce"), mailbox.NonceSize)
	if err != nil {
		return mailbox.Envelope{}, err
	}
	e := mailbox.Envelope{Game: l.game, Kind: mailbox.KindGame, From: l.seat, To: to, Nonce: mailbox.Encode64(nonce), Body: data}
	if to >= 0 {
		random, err := hkdf.Key(sha256.New, l.derive, nil, info("seal"), 64)
		if err != nil {
			return mailbox.Envelope{}, err
		}
		if err := e.Seal(data, l.boxes[to], bytes.NewReader(random)); err != nil {
			return mailbox.Envelope{}, err
		}
	}
	e.Sign(l.priv)
	return e, nil
}

// Event turns an envelope of the log into the core's event: this device's own to every
// device is an Echo. ok is false for an envelope that is not for the core (this device's own
// sealed to another, one sealed to another seat, the mailbox's own kinds, one taken already); err says why one does not check out (it is dropped).
// verify false skips the signature's check, for an envelope checked in an earlier visit
// (Checkpoint); the key is checked always.
func (l *Link) Event(e mailbox.Envelope, verify bool) (ev online.Event, ok bool, err error) {
	switch {
	case e.Game != l.game:
		return ev, false, errors.New("an envelope of another game")
	case e.Kind == mailbox.KindCreate || e.Kind == mailbox.KindLobby || e.Kind == mailbox.KindGenesis || e.Kind == mailbox.KindFinish:
		return ev, false, nil
	case e.Kind != mailbox.KindGame:
		return ev, false, fmt.Errorf("an envelope of no known kind (%.20q)", e.Kind)
	case e.From < 0 || e.From >= len(l.genesis.Keys) || e.To < -1 || e.To >= len(l.genesis.Keys) || e.To == e.From:
		return ev, false, errors.New("an envelope from or to no seat of the game")
	case e.Key != string(l.genesis.Keys[e.From]):
		return ev, false, fmt.Errorf("an envelope said to be from seat %d but not signed by its key", e.From)
	case verify && !e.Verify():
		return ev, false, fmt.Errorf("an envelope from seat %d whose signature does not check out", e.From)
	}
	id := idOf(&e)
	if l.seen[id] {
		return ev, false, nil // the same envelope again: taken once
	}
	l.seen[id] = true
	l.taken = append(l.taken, id)
	if e.From == l.seat && e.To < 0 {
		// This device's own, where the log puts it among every device's: an own-pace game's
		// rule of time counts there (online.Echo).
		return online.Event{Kind: online.Echo, Peer: PeerOf(l.seat), Data: e.Body}, true, nil
	}
	if e.From == l.seat || e.To >= 0 && e.To != l.seat {
		return ev, false, nil
	}
	data := e.Body
	if e.To == l.seat {
		if data, err = e.Open(l.box); err != nil {
			return ev, false, fmt.Errorf("an envelope from seat %d sealed to this seat: %w", e.From, err)
		}
	}
	return online.Event{Kind: online.Message, Peer: PeerOf(e.From), Data: data}, true, nil
}

// takenIDs are the ids of the envelopes taken so far, in order (Checkpoint.Taken).
func (l *Link) takenIDs() []byte {
	out := make([]byte, 0, len(l.taken)*len(envelopeID{}))
	for _, id := range l.taken {
		out = append(out, id[:]...)
	}
	return out
}

// remember takes the envelopes of ids (Checkpoint.Taken) as taken: a visit that reads only
// what came after its checkpoint takes none of them again.
func (l *Link) remember(ids []byte) {
	for i := 0; i+len(envelopeID{}) <= len(ids); i += len(envelopeID{}) {
		id := envelopeID(ids[i : i+len(envelopeID{})])
		if !l.seen[id] {
			l.seen[id] = true
			l.taken = append(l.taken, id)
		}
	}
}

// Finish is the envelope that tells the mailbox the game is over (so that it keeps it for
// its retention of finished games), the same whenever it is made.
func (l *Link) Finish() (mailbox.Envelope, error) {
	e, err := l.envelope(-1, []byte(`{"finished":true}`))
	e.Kind = mailbox.KindFinish
	e.Sign(l.priv)
	return e, err
}
