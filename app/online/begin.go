package online

import "io"

// Begin is what the lobby hands over when the game begins: the genesis every device agreed
// on, this device's key for it, the seed draw (so that anyone can check the seed later) and
// the room as it stands. The shell stores it and runs the game from it (Start).
type Begin struct {
	Genesis  Genesis
	Identity Identity
	Self     string   // this device's peer id in the room
	Host     string   // the host's player id
	Players  []string // player ids, by seat
	Colours  []string // by seat
	Commits  []string // the seed draw's commitments, by seat
	Secrets  []string // and secrets
	// RoomSecret derives the key that reopens the room (app's reopening).
	RoomSecret string
	// Peers are the open connections, which the game greets; Early the game's messages that
	// came from devices that began it before this one.
	Peers []string
	Early []Incoming
}

// Start runs the game this device's lobby drew: a Replica greeting every open connection,
// fed the messages that came early. random is the source of the deal's keys (crypto/rand
// in play).
func (b *Begin) Start(timing Timing, random io.Reader) (*Replica, error) {
	r, err := NewReplica(b.Identity, b.Genesis, nil, nil, timing, random)
	if err != nil {
		return nil, err
	}
	r.Step(Event{Kind: Entered, Peer: b.Self})
	for _, id := range b.Peers {
		r.Step(Event{Kind: Opened, Peer: id})
	}
	for _, e := range b.Early {
		r.Step(Event{Kind: Message, Peer: e.Peer, Data: e.Data})
	}
	return r, nil
}
