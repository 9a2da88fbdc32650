package online

import "errors"

// Peers: who is on the other end of each connection, and whether their player is here.
//
// A connection's player is known only from a hello signed by a seat's key for this very
// connection (the sender's and receiver's peer ids are in what is signed), so a device can
// neither claim another player's seat nor replay another player's hello to a third device.
// Only a connection's first hello binds it; a later one is taken as an acknowledgement (its
// position is a claim like any other, claims.go).
//
// The history window. A device that enters the room may find moves made while it was away,
// bots' moves for its own seat among them (seatbot.go). Until it has caught up (a peer
// greeted, no claim outstanding, no known bot on its seat still to hand it back) its window
// is open; from then on its player is here, and no bot's move for its seat, nor one it did
// not consent to for another seat, made after that point is accepted: a peer cannot reopen
// the window by claiming a longer history, or by connecting again.

// PeerState is how a seat's player is connected, as this device sees it.
type PeerState int

// Peer states.
const (
	PeerYou        PeerState = iota // this device
	PeerConnected                   // an open channel, heard from recently, greeted
	PeerConnecting                  // a channel not open or not greeted yet
	PeerAway                        // not connected, or silent for a while
)

func (s PeerState) String() string {
	switch s {
	case PeerYou:
		return "you"
	case PeerConnected:
		return "connected"
	case PeerConnecting:
		return "connecting"
	}
	return "away"
}

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

// entered starts a room session: this device is peer self, and every earlier connection is
// gone. Its history window opens again.
func (r *Replica) entered(self string) {
	r.self = self
	for _, id := range sortedKeys(r.peers) {
		r.closed(id)
	}
	r.peers = map[string]*peer{}
	r.claims = claims{}
	r.horizon = -1
	// This device's bots stop with its connection: the others stopped taking their moves
	// when it left (runnerLeft), and a bot playing unseen could only make a fork.
	r.runnerLeft(r.seat)
}

// opened: a channel to peer is open; this device greets it (and tells it the rest once its
// hello shows it has this one's: onHello).
func (r *Replica) opened(id string) {
	p := r.peer(id)
	p.open, p.quiet = true, false
	r.sendHello(p)
	p.again = r.out.schedule(TimerHello, -1, helloAgain)
	r.cards.opened()
}

// helloAgain says this device's hello again on connections whose own hello has not come.
func (r *Replica) helloAgain(gen int) {
	for _, id := range sortedKeys(r.peers) {
		if p := r.peers[id]; p.again == gen && p.open && p.seat < 0 && !p.old && p.tries < helloTries {
			p.tries++
			r.sendHello(p)
			p.again = r.out.schedule(TimerHello, -1, helloAgain)
		}
	}
}

// sendHello greets a peer: this device's seat key and position, signed for the connection.
func (r *Replica) sendHello(p *peer) {
	n := r.ledger.Len()
	m := message{Type: msgHello, Version: Version, Key: r.id.Public(), Count: n, Greeted: p.seat >= 0}
	if n > 0 {
		link := r.ledger.links[n-1]
		m.Take, m.Hash, m.Link = r.ledger.At(n-1).Take, hashString(r.ledger.HashAfter(n-1)), &link
	}
	m.Sig = r.id.sign(helloContent(r.ledger.genesis.Game, m.Key, r.self, p.id, n, m.Take, m.Hash, m.Link))
	r.send(p.id, m)
}

// quiet: nothing heard from peer for a while (a phone that put the page to sleep).
func (r *Replica) quiet(id string) {
	if p := r.peers[id]; p != nil && !p.quiet {
		p.quiet = true
		r.out.ready.Changed = true
	}
}

// heard: peer is heard again after being quiet.
func (r *Replica) heard(id string) {
	if p := r.peers[id]; p != nil && p.quiet {
		p.quiet = false
		r.out.ready.Changed = true
		if p.seat >= 0 {
			r.returned(p.seat)
		}
	}
}

// closed: the channel to peer closed.
func (r *Replica) closed(id string) {
	p := r.peers[id]
	if p == nil {
		return
	}
	delete(r.peers, id)
	r.out.ready.Changed = true
	if p.seat >= 0 && !p.old && !r.present(p.seat) {
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

// errNoCopy: a lobby's hello, from a device that has no copy of this game.
var errNoCopy = errors.New("a device in the room has no copy of this game; it cannot take part until its player reopens the game from their saved games")

// onHello identifies a peer by its signed hello and catches up with it. It reports whether
// it took the hello: the peer's own, signed for this connection.
func (r *Replica) onHello(p *peer, m message) (took bool) {
	game := r.ledger.genesis.Game
	seat := r.ledger.genesis.seatOf(m.Key)
	switch {
	case m.Player != "":
		r.notify(true, "%s.", capital(errNoCopy.Error()))
		return false
	case m.Game != game:
		r.notify(true, "Ignored a hello for another game.")
		return false
	case seat < 0:
		r.notify(true, "Ignored a device that holds no seat in this game.")
		return false
	case !m.Key.verify(helloContent(game, m.Key, p.id, r.self, m.Count, m.Take, m.Hash, m.Link), m.Sig):
		r.notify(true, "Ignored a hello for %s that was not signed for this connection.", r.name(seat))
		return false
	case seat == r.seat:
		r.notify(true, "This game is open in another tab or device with your key; only this one plays.")
		return false
	case p.seat >= 0 && p.seat != seat:
		r.notify(true, "Ignored a second identity on %s.", r.peerName(p))
		return false
	case p.seat == seat:
		// A second hello on a connection binds nothing: its position is an acknowledgement.
		// One that says it lacks this device's hello (lost again) is answered with it, or the
		// sender would ignore this device for as long as the connection lasts.
		if !m.Greeted {
			r.sendHello(p)
		}
		if m.Count > 0 {
			r.noteAck(seat, m.Count-1, m.Take, m.Hash, *m.Link)
		}
		return true
	}
	// The same player on a newer connection (a reloaded page): the newest counts.
	for id, other := range r.peers {
		if id != p.id && other.seat == seat {
			other.seat, other.old = -1, true
		}
	}
	p.seat, p.count, p.greeting = seat, m.Count, true
	r.out.ready.Changed = true
	if !m.Greeted {
		r.sendHello(p) // a hello of this device's lost as the channel opened: this heals it
	}
	// What the device is told on greeting comes after this device's hello, which it must
	// have to read anything else (one sent as the channel opened may have been lost).
	r.tellSeatBots(p.id)
	r.halt.tell(r, p.id)
	r.returned(seat)
	if b, ok := r.bots[r.seat]; ok && b.runner == seat {
		// Told by another device that this one's bot plays this device's seat: ask it for the
		// seat back (it answers with the hand-back, whether its bot still plays or stopped
		// before this connection opened).
		r.send(p.id, message{Type: msgSeatBotOK, Seat: r.seat})
	}
	r.cards.greet(p.id)
	n := r.ledger.Len()
	switch {
	case m.Count > 0 && m.Count <= n:
		r.noteAck(seat, m.Count-1, m.Take, m.Hash, *m.Link)
	case m.Count > n && !r.forked[seat]:
		r.claims.note(seat, m.Count-1, m.Take)
		r.send(p.id, message{Type: msgSyncRequest, At: n})
	}
	return true
}

// closeHorizon closes the history window once this device has caught up in its room session.
func (r *Replica) closeHorizon() {
	if r.horizon >= 0 || r.behind() || r.hasBot(r.seat) {
		return
	}
	for _, p := range r.peers {
		if p.seat >= 0 && p.open && !p.old {
			r.horizon = r.ledger.Len()
			return
		}
	}
}

// inWindow reports whether a move at index was made before this device caught up in its
// room session: history it was brought, not a move made in its player's presence.
func (r *Replica) inWindow(index int) bool { return r.horizon < 0 || index < r.horizon }

// present reports whether a seat's player is here: this device's own, or a greeted, open,
// not quiet connection to a device that holds this game. One that holds another (forked) is
// away from this one: its player's turn would otherwise hold the game up for as long as it
// stays connected, and its seat may be played by a bot like an away player's.
func (r *Replica) present(seat int) bool {
	if seat == r.seat {
		return true
	}
	if r.forked[seat] {
		return false
	}
	for _, p := range r.peers {
		if p.seat == seat && p.open && !p.quiet && !p.old {
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
	return PeerAway
}

// PeerOf is the peer id of the open, greeted connection to a seat's device, or "".
func (r *Replica) PeerOf(seat int) string {
	if p := r.peerOf(seat); p != nil {
		return p.id
	}
	return ""
}

// peerOf is the open, greeted connection to a seat's device, or nil.
func (r *Replica) peerOf(seat int) *peer {
	for _, id := range sortedKeys(r.peers) {
		if p := r.peers[id]; p.seat == seat && p.open && !p.old {
			return p
		}
	}
	return nil
}

func (r *Replica) peerName(p *peer) string {
	if p.seat >= 0 {
		return r.device(p.seat)
	}
	return "another device"
}

// away runs when a seat's player is no longer here: requests that needed them lapse, and
// the bots their device ran stop.
func (r *Replica) away(seat int) {
	r.undo.away(r, seat)
	r.runnerLeft(seat)
}

// everyChannelOpen reports whether this device has as many open channels as there are other
// seats (over a mailbox, one to each seat from the moment the visit greets them).
func (r *Replica) everyChannelOpen() bool {
	n := 0
	for _, p := range r.peers {
		if p.open && !p.old {
			n++
		}
	}
	return n >= len(r.ledger.genesis.Keys)-1
}

// Hellos are the newest hello each greeted peer of this room session sent, as it came, by
// peer id. Over connections that outlive a device's memory (a mailbox's, where seat s is
// always peer "seat<s>"), a shell keeps them with the game and, having taken it up again
// from its store, steps them in again: the core then knows each peer by its newest word, as a
// reloaded page in a live game knows its peers again by the hellos they send it, without the
// messages that came before (app/mailroom's Checkpoint).
func (r *Replica) Hellos() map[string][]byte {
	out := map[string][]byte{}
	for id, p := range r.peers {
		if p.seat >= 0 && !p.old && p.hello != nil {
			out[id] = append([]byte(nil), p.hello...)
		}
	}
	return out
}
