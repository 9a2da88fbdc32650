package online

import "slices"

// Peers: who is on the other end of each connection, and whether their player is here.
//
// A connection's player is known only from a hello signed by a seat's key for this very
// connection (the sender's and receiver's peer ids are in what is signed), so a device can
// neither claim another player's seat nor replay another player's hello to a third device.

// PeerState is how a seat's player is connected, as this device sees it.
type PeerState int

// Peer states.
const (
	PeerYou        PeerState = iota // this device
	PeerConnected                   // an open channel, heard from recently, greeted
	PeerConnecting                  // a channel not open or not greeted yet
	PeerAway                        // not connected, or silent for a while
)

// helloContent is what a hello's signature covers.
func helloContent(game string, key PublicKey, from, to string, count, take int, hash string, link *Link) []byte {
	w := newWriter("brass hello v1")
	w.str(game)
	w.str(string(key))
	w.str(from)
	w.str(to)
	w.num(int64(count))
	w.num(int64(take))
	w.str(hash)
	if link != nil {
		w.bytes(link[:])
	}
	return w.buf
}

// Entered starts a room session: this device is peer self, and every earlier connection is
// gone.
func (r *Replica) Entered(self string) {
	r.self = self
	ids := make([]string, 0, len(r.peers))
	for id := range r.peers {
		ids = append(ids, id)
	}
	slices.Sort(ids) // the same events give the same effects, in the same order
	for _, id := range ids {
		r.PeerClosed(id)
	}
	r.peers = map[string]*peer{}
	// This device's bots stop with its connection: the others stopped taking their moves
	// when it left (runnerLeft), and a bot playing unseen could only make a fork.
	r.runnerLeft(r.seat)
}

// Left ends the room session (the signalling connection was lost): every peer is gone.
func (r *Replica) Left() { r.Entered("") }

// PeerOpened: a channel to peer is open; this device greets it.
func (r *Replica) PeerOpened(id string) {
	p := r.peer(id)
	p.open, p.quiet = true, false
	n := r.ledger.Len()
	m := message{Type: msgHello, Version: Version, Key: r.id.Public(), Count: n}
	if n > 0 {
		link := r.ledger.links[n-1]
		m.Take, m.Hash, m.Link = r.ledger.At(n-1).Take, hashString(r.ledger.HashAfter(n-1)), &link
	}
	m.Sig = r.id.sign(helloContent(r.ledger.genesis.Game, m.Key, r.self, id, n, m.Take, m.Hash, m.Link))
	r.send(id, m)
	r.tellSeatBots(id)
	if r.proof != nil {
		r.send(id, message{Type: msgCheat, Proof: r.proof})
	}
}

// PeerQuiet: nothing heard from peer for a while (a phone that put the page to sleep).
func (r *Replica) PeerQuiet(id string) {
	if p := r.peers[id]; p != nil && !p.quiet {
		p.quiet = true
		r.out.Changed = true
	}
}

// PeerHeard: peer is heard again after being quiet.
func (r *Replica) PeerHeard(id string) {
	if p := r.peers[id]; p != nil && p.quiet {
		p.quiet = false
		r.out.Changed = true
		if p.seat >= 0 {
			r.returned(p.seat)
		}
	}
}

// PeerClosed: the channel to peer closed.
func (r *Replica) PeerClosed(id string) {
	p := r.peers[id]
	if p == nil {
		return
	}
	delete(r.peers, id)
	r.out.Changed = true
	if p.seat >= 0 && !r.present(p.seat) {
		r.away(p.seat)
	}
}

func (r *Replica) peer(id string) *peer {
	p := r.peers[id]
	if p == nil {
		p = &peer{id: id, seat: -1}
		r.peers[id] = p
	}
	return p
}

// onHello identifies a peer by its signed hello and catches up with it.
func (r *Replica) onHello(p *peer, m message) {
	game := r.ledger.genesis.Game
	seat := r.ledger.genesis.seatOf(m.Key)
	switch {
	case seat < 0:
		r.notify(true, "Ignored a device that holds no seat in this game.")
		return
	case !m.Key.verify(helloContent(game, m.Key, p.id, r.self, m.Count, m.Take, m.Hash, m.Link), m.Sig):
		r.notify(true, "Ignored a hello for %s that was not signed for this connection.", r.name(seat))
		return
	case seat == r.seat:
		r.notify(true, "This game is open in another tab or device with your key; only this one plays.")
		return
	case p.seat >= 0 && p.seat != seat:
		r.notify(true, "Ignored a second identity on %s's connection.", r.name(p.seat))
		return
	}
	// The same player on a newer connection (a reloaded page): the newest counts.
	for id, other := range r.peers {
		if id != p.id && other.seat == seat {
			other.seat, other.old = -1, true
		}
	}
	p.seat, p.count, p.greeting = seat, m.Count, true
	r.out.Changed = true
	r.returned(seat)
	if b, ok := r.bots[r.seat]; ok && b.runner == seat {
		// Told by another device that this one's bot plays this device's seat: ask it for the
		// seat back (it answers with the hand-back, whether its bot still plays or stopped
		// before this connection opened).
		r.send(p.id, message{Type: msgSeatBotOK, Seat: r.seat})
	}
	if r.dealer != nil && len(r.deals) > 0 {
		// The move waiting for the deal (which may have been lost on its way), then every
		// deal message held here, before any other move: the device may have missed some.
		r.sendPending(p.id)
		r.send(p.id, message{Type: msgDeal, Deals: r.deals})
		r.sendEvidence(p.id)
	}
	n := r.ledger.Len()
	if m.Count > 0 && m.Count <= n {
		r.noteAck(seat, m.Count-1, m.Take, m.Hash, *m.Link)
	}
	if m.Count > n && !r.forked[seat] {
		r.send(p.id, message{Type: msgSyncRequest, At: n})
	}
}

// present reports whether a seat's player is here: this device's own, or a greeted, open,
// not quiet connection.
func (r *Replica) present(seat int) bool {
	if seat == r.seat {
		return true
	}
	for _, p := range r.peers {
		if p.seat == seat && p.open && !p.quiet {
			return true
		}
	}
	return false
}

// SeatState is how a seat's player is connected, as this device sees it.
func (r *Replica) SeatState(seat int) PeerState {
	switch {
	case seat == r.seat:
		return PeerYou
	case r.present(seat):
		return PeerConnected
	}
	for _, p := range r.peers {
		if p.seat == seat {
			return PeerAway // quiet
		}
	}
	return PeerAway
}

// PeerOf is the peer id of the open, greeted connection to a seat's device, or "".
func (r *Replica) PeerOf(seat int) string {
	if p := r.peerOf(seat); p != nil {
		return p.id
	}
	return ""
}

// peerOf is an open, greeted connection to a seat's device, or nil.
func (r *Replica) peerOf(seat int) *peer {
	for _, p := range r.peers {
		if p.seat == seat && p.open {
			return p
		}
	}
	return nil
}

// away runs when a seat's player is no longer here: requests that needed them lapse, and
// the bots their device ran stop.
func (r *Replica) away(seat int) {
	if r.undo != nil {
		r.undo = nil
		r.notify(true, "Your undo request lapsed: %s left.", r.name(seat))
	}
	if r.asked != nil && r.asked.from == seat {
		r.asked = nil
		r.notify(false, "%s's request to take back their move lapsed: they left.", r.name(seat))
	}
	r.runnerLeft(seat)
}
