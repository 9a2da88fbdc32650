package online

import (
	"errors"
	"strconv"
)

// Spectators. A watcher of an own-pace game (app's Watch) holds no seat: NewSpectator is a
// Replica of a device that holds none. It signs nothing and sends nothing (the shell drops
// its Ready's messages), and takes what each seat says to every device (Observe) exactly as
// any device takes it, so that the one set of rules decides what a watcher sees too: each
// move checked against its seat's key and the record; the own-pace rule of time and its
// stand-in bots (SetPace, standin.go); the endings; and, in a game whose cards the devices
// deal, each card played checked against the deal by a dealer that holds no key, which
// opens only what every seat opened to all (the cards played and the Distant Market tiles
// turned over), never a hand or a face-down card.
func NewSpectator(g Genesis, timing Timing) (*Replica, error) {
	l, err := NewLedger(g)
	if err != nil {
		return nil, err
	}
	r := newReplica(Identity{}, spectatorSeat, l, timing)
	for s := range g.Keys {
		// Each seat's messages come as from a device greeted, whose channel this one never
		// opens: nothing it would say goes anywhere.
		id := spectatorPeer(s)
		r.peers[id] = &peer{id: id, seat: s}
	}
	if g.Config.Dealt {
		if r.cards, err = newDealtGame(r, noRandomness{}); err != nil {
			return nil, err
		}
		r.after()
	}
	r.Advance()
	return r, nil
}

// spectatorSeat is the seat a spectator holds: none.
const spectatorSeat = -1

// Spectating reports whether this is a spectator's replica (it holds no seat).
func (r *Replica) Spectating() bool { return r.seat == spectatorSeat }

func spectatorPeer(seat int) string { return "watched-seat" + strconv.Itoa(seat) }

// Observe takes a message that seat sent to every device, where a mailbox's log puts it (at:
// the mailbox's time of it).
func (r *Replica) Observe(seat int, data []byte, at int64) {
	if !r.Spectating() || seat < 0 || seat >= len(r.ledger.genesis.Keys) {
		return
	}
	r.Step(Event{Kind: Message, Peer: spectatorPeer(seat), Data: data, At: at})
	r.Advance() // (a spectator says nothing)
}

// noRandomness is a spectator's source of keys: it never draws any (a spectator's dealer
// makes no pass and holds no key).
type noRandomness struct{}

func (noRandomness) Read([]byte) (int, error) {
	return 0, errors.New("a spectator draws no keys")
}
