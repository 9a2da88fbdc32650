package online

import (
	"fmt"
	"io"

	"brass/engine"
)

// Replica is one device's side of an online game in play, as a core: the shell (the mesh in
// the browser, loopback peers in native tests, the simulator) feeds it events through Step (a
// peer's connection opened, went quiet, was heard, closed; a message arrived; a timer fired)
// and the player's calls (Play, AskUndo, AnswerUndo, LetBotPlay, End), and then carries out
// Ready: messages to send, whether to save, notices to show, timers to start. It holds no
// goroutine, clock or network, so any schedule of events can be replayed exactly.
type Replica struct {
	id     Identity
	seat   int
	ledger *Ledger
	timing Timing

	self  string           // this device's peer id in the current room session
	peers map[string]*peer // by peer id, for the current room session
	// horizon is the history window of this room session (peers.go): −1 while this device
	// has not yet caught up since it entered the room, then the number of moves it held when
	// it did. A bot's move for a seat whose player this device saw here is accepted only
	// below it.
	horizon int

	claims      claims       // moves other devices said they hold beyond this ledger (claims.go)
	discredited map[int]bool // seats whose device did not make a claim good: not waited for
	differs     map[int]int  // seat → the move after which its device reported another game
	forked      map[int]bool
	fetching    bool // a fetch timer is running

	undo        undoTalk        // undo requests, this player's and another's (undo.go)
	undosStored int             // the undo proofs the ledger held when last saved
	bots        map[int]seatBot // seat → the bot playing it while its player is away (seatbot.go)
	// toldBot: this device's player was told a bot played their seat while they were away
	// (by the bot's claim or from the record); cleared by their own next move.
	toldBot bool

	pace *paceRule // an own-pace game's clock and stand-in bots (standin.go); nil live

	halt   halt       // why the game cannot go on, if it cannot (halt.go)
	cards  cards      // dealt from the seed, or by the devices (cards.go, dealing.go)
	stalls stallWatch // devices the game waits for (stall.go)

	out outbox
}

// peer is another device in the room session.
type peer struct {
	id    string
	seat  int // −1 until a hello signed by a seat's key for this connection
	open  bool
	quiet bool
	old   bool // replaced by a newer connection of the same player
	// greeting: nothing but its hello and seat-bot messages has come yet, which is what a
	// device sends as it connects (see tellSeatBots).
	greeting bool
	// count is the history its first hello committed to: a cue to fetch, never a licence.
	count int
	// again is the timer that says this device's hello again while none came, and tries how
	// often it did.
	again, tries int
	// hello is the newest hello taken on the connection, as it came (Hellos).
	hello []byte
}

// NewReplica resumes a game from its genesis and the signed moves and undo proofs stored on
// this device (none for a new game). They are checked like any record. A game dealt by the
// devices (g.Config.Dealt) deals its cards with keys drawn from rand (crypto/rand.Reader in
// play); it is resumed from its store with ResumeDealt.
func NewReplica(id Identity, g Genesis, stored []Signed, undos []UndoProof, timing Timing, rand io.Reader) (*Replica, error) {
	seat := g.seatOf(id.Public())
	if seat < 0 {
		return nil, fmt.Errorf("this device's key holds no seat in the game")
	}
	l, err := VerifyRecord(g, stored, undos, AnyRunner)
	if err != nil {
		return nil, fmt.Errorf("the stored game does not verify: %w", err)
	}
	r := newReplica(id, seat, l, timing)
	if g.Config.Dealt {
		if len(stored) > 0 || len(undos) > 0 {
			return nil, fmt.Errorf("a game whose cards the devices deal is resumed with ResumeDealt")
		}
		if r.cards, err = newDealtGame(r, rand); err != nil {
			return nil, err
		}
		r.after()
	}
	return r, nil
}

func newReplica(id Identity, seat int, l *Ledger, timing Timing) *Replica {
	r := &Replica{
		id: id, seat: seat, ledger: l, timing: timing, horizon: -1,
		peers: map[string]*peer{}, claims: claims{}, discredited: map[int]bool{}, differs: map[int]int{}, forked: map[int]bool{}, bots: map[int]seatBot{},
		stalls: stallWatch{waits: map[int]*wait{}},
	}
	r.cards = &seededCards{r}
	return r
}

// Step implements Core.
func (r *Replica) Step(ev Event) {
	if r.pace != nil {
		r.pace.at = ev.At
		defer func() { r.pace.at = 0 }()
	}
	switch ev.Kind {
	case Entered:
		r.entered(ev.Peer)
	case Left:
		r.entered("")
	case Opened:
		r.opened(ev.Peer)
	case Quiet:
		r.quiet(ev.Peer)
	case Heard:
		r.heard(ev.Peer)
	case Closed:
		r.closed(ev.Peer)
	case Message:
		r.receive(ev.Peer, ev.Data)
	case Fired:
		r.fire(ev.Timer)
	case Echo:
		r.echo(ev.Data)
	}
	r.after()
}

// after is the work every event leaves: the deal moves on (a move that waited for it, this
// device's own deal messages, the audit), the history window closes once caught up, and the
// devices the game waits for are watched.
func (r *Replica) after() {
	r.cards.settle()
	r.closeHorizon()
	r.watchStalls()
	r.paceAfter()
}

// Ready implements Core.
func (r *Replica) Ready() Ready { return r.out.ready }

// Advance implements Core.
func (r *Replica) Advance() { r.out.ready = Ready{} }

func (r *Replica) send(to string, m message) {
	m.Game = r.ledger.genesis.Game
	r.out.send(to, encode(m))
}

// broadcast sends to every peer with an open channel, in order.
func (r *Replica) broadcast(m message) {
	m.Game = r.ledger.genesis.Game
	data := encode(m)
	for _, id := range sortedKeys(r.peers) {
		if p := r.peers[id]; p.open && !p.old {
			r.out.send(id, data)
		}
	}
}

func (r *Replica) notify(bad bool, format string, args ...any) {
	r.out.notify(bad, fmt.Sprintf(format, args...))
}

// ---- what the screen reads ----

// Game is the game the accepted moves build. Callers must not change it.
func (r *Replica) Game() *engine.Game { return r.ledger.Game() }

// Ledger is the validated record (for storage and export).
func (r *Replica) Ledger() *Ledger { return r.ledger }

// Seat is this device's seat.
func (r *Replica) Seat() int { return r.seat }

// Stopped says why the game cannot go on, or "".
func (r *Replica) Stopped() string { return r.halt.why }

// name is a seat's player's name.
func (r *Replica) name(seat int) string {
	if seat == r.seat {
		return "you"
	}
	return r.ledger.Game().State().Name(seat)
}

// device names a seat's device: "Ada's device", "your device".
func (r *Replica) device(seat int) string {
	if seat == r.seat {
		return "your device"
	}
	return r.name(seat) + "'s device"
}

// devices names seats' devices: "Ada's device and Brunel's device".
func (r *Replica) devices(seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = r.device(s)
	}
	if len(names) == 0 {
		return "the other devices"
	}
	return joinAnd(names)
}
