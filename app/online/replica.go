package online

import (
	"fmt"
	"io"
	"time"

	"brass/app/dealer"
	"brass/engine"
)

// Replica is one device's side of an online game in play, as a state machine: the shell
// (the mesh in the browser, loopback peers in native tests, the simulator) feeds it events
// (a peer's connection opened, went quiet, was heard, closed; a message arrived; a timer
// fired; the player moved, asked to undo, answered, let a bot play) and then takes what to do
// from Ready: messages to send, whether to save, notices to show, timers to start. It holds
// no goroutine, clock or network, so any schedule of events can be replayed exactly.
type Replica struct {
	id     Identity
	seat   int
	ledger *Ledger
	timing Timing

	self  string           // this device's peer id in the current room session
	peers map[string]*peer // by peer id, for the current room session

	acks     map[int]map[int]ack // seat → index → what it reported
	differs  map[int]int         // seat → the move after which its device reported another game
	forked   map[int]bool        // seats whose device sent moves on another history: not asked again
	fetching bool                // a fetch timer is running

	undo  *undoAsk        // this device's request, waiting for votes
	asked *undoAsk        // another player's request, waiting for this player's answer
	bots  map[int]seatBot // seat → the bot playing it while its player is away
	// toldBot: this device's player was told a bot played their seat while they were away
	// (by the bot's claim or from the record); cleared by their own next move.
	toldBot bool

	stopped string        // why the game cannot go on (proof of cheating), or ""
	proof   *Equivocation // the proof, shown to every device that connects

	// A game dealt by the devices (dealing.go): this seat's dealer, every deal message
	// accepted (to pass on) by seat and number, this seat's next number, the move waiting
	// for the deal, and the audit.
	dealer   *dealer.Dealer
	deals    []SignedDeal
	dealSeen map[[2]int]SignedDeal
	evidence []message   // proofs that a device broke the deal, for every device greeted
	auditAt  map[int]int // seat → the fewest moves its game held when it sent audit keys
	// dealSeenScreen: the cards shown and the seats waited for, when the screen last drew them.
	dealSeenScreen string
	dealSeq        int
	pending        *pending
	auditing       bool
	audit          string

	gen int // timer generations, so a stale timer does nothing
	out Ready
}

// Timing are the protocol's waits (the shell's clock runs them as timers).
type Timing struct {
	// Fetch is how long a device that heard of a move it lacks waits for the move itself
	// before asking for it: normally it is already on its way from the device that made it.
	Fetch time.Duration
	// Grace is how long a seat bot may go on after its player is back before the devices
	// stop taking its moves: its runner hands the seat back as soon as it hears the player.
	Grace time.Duration
}

// DefaultTiming is the timing of real games.
var DefaultTiming = Timing{Fetch: 500 * time.Millisecond, Grace: 5 * time.Second}

// peer is another device in the room session.
type peer struct {
	id    string
	seat  int // −1 until a hello signed by a seat's key
	open  bool
	quiet bool
	count int  // moves its hello said it held: the history it brought
	old   bool // replaced by a newer connection of the same player
	// greeting: nothing but its hello and seat-bot messages has come yet, which is what a
	// device sends as it connects (see tellSeatBots).
	greeting bool
}

// ack is the state hash a device reported after a move.
type ack struct {
	take int
	hash string
}

// undoAsk is a request to take back move at (take), and the signed yeses so far.
type undoAsk struct {
	at, take, from int
	votes          map[int][]byte
}

// seatBot is a bot playing an away player's seat: the seat whose device runs it, its level,
// and, while its player is back but not yet handed the seat, the grace timer's generation.
type seatBot struct {
	runner int
	level  string
	grace  int // 0: no grace running
	// On the runner's device: the seats whose devices accepted the claim. The bot moves only
	// once every device connected here did, so no device that sees the player here is ever
	// sent a bot's move for them.
	accepted map[int]bool
}

// Ready is what the shell must do after events: send the messages (To "" is every peer
// greeted in this room session), save the ledger's moves when Save, show the notices, start
// the timers, and redraw when Changed.
type Ready struct {
	Messages []Outgoing
	Save     bool
	Notices  []Notice
	Timers   []Timer
	Changed  bool
}

// Outgoing is a message to send.
type Outgoing struct {
	To   string
	Data []byte
}

// Notice is something the players should read.
type Notice struct {
	Text string
	Bad  bool
}

// Timer is a wait the shell runs and hands back through Fire.
type Timer struct {
	Kind  TimerKind
	Seat  int
	Gen   int
	After time.Duration
}

// TimerKind says what a timer is for.
type TimerKind int

// Timer kinds.
const (
	TimerFetch TimerKind = iota + 1 // ask for moves other devices said they hold
	TimerGrace                      // a returned player's seat bot did not hand back in time
)

// NewReplica resumes a game from its genesis and the signed moves and undo proofs stored on
// this device (none for a new game). They are checked like any record. A game dealt by the
// devices (g.Config.Dealt) deals its cards with keys drawn from rand (crypto/rand.Reader in
// play), and starts only new: resuming one from its store is not written yet.
func NewReplica(id Identity, g Genesis, stored []Signed, undos []UndoProof, timing Timing, rand io.Reader) (*Replica, error) {
	seat := g.seatOf(id.Public())
	if seat < 0 {
		return nil, fmt.Errorf("this device's key holds no seat in the game")
	}
	l, err := VerifyRecord(g, stored, AnyRunner)
	if err != nil {
		return nil, fmt.Errorf("the stored game does not verify: %w", err)
	}
	for _, p := range undos {
		if _, err := l.ApplyUndo(p); err != nil {
			return nil, fmt.Errorf("a stored undo does not verify: %w", err)
		}
	}
	r := &Replica{
		id: id, seat: seat, ledger: l, timing: timing,
		peers: map[string]*peer{}, acks: map[int]map[int]ack{}, differs: map[int]int{}, forked: map[int]bool{}, bots: map[int]seatBot{},
	}
	if g.Config.Dealt {
		if len(stored) > 0 || len(undos) > 0 {
			return nil, fmt.Errorf("a game whose cards the devices deal cannot be resumed from its stored moves yet")
		}
		if rand == nil {
			return nil, fmt.Errorf("a game whose cards the devices deal needs a source of randomness")
		}
		d, err := dealer.New(l.Game(), seat, g.Game, rand)
		if err != nil {
			return nil, err
		}
		r.dealer, r.dealSeen, r.auditAt = d, map[[2]int]SignedDeal{}, map[int]int{}
		r.flushDeal()
	}
	return r, nil
}

// Ready hands over what to do and starts collecting anew.
func (r *Replica) Ready() Ready {
	r.dealt() // (a dealt game's deal moves on after every event)
	out := r.out
	r.out = Ready{}
	return out
}

func (r *Replica) send(to string, m message) {
	m.Game = r.ledger.genesis.Game
	r.out.Messages = append(r.out.Messages, Outgoing{To: to, Data: encode(m)})
}

func (r *Replica) broadcast(m message) { r.send("", m) }

func (r *Replica) notify(bad bool, format string, args ...any) {
	r.out.Notices = append(r.out.Notices, Notice{Text: fmt.Sprintf(format, args...), Bad: bad})
	r.out.Changed = true
}

func (r *Replica) schedule(kind TimerKind, seat int, after time.Duration) int {
	r.gen++
	r.out.Timers = append(r.out.Timers, Timer{Kind: kind, Seat: seat, Gen: r.gen, After: after})
	return r.gen
}

// ---- what the screen reads ----

// Game is the game the accepted moves build.
func (r *Replica) Game() *engine.Game { return r.ledger.Game() }

// Ledger is the validated record (for storage and export).
func (r *Replica) Ledger() *Ledger { return r.ledger }

// Seat is this device's seat.
func (r *Replica) Seat() int { return r.seat }

// Stopped says why the game cannot go on, or "".
func (r *Replica) Stopped() string { return r.stopped }

// name is a seat's player's name.
func (r *Replica) name(seat int) string {
	if seat == r.seat {
		return "you"
	}
	return r.ledger.Game().State().Name(seat)
}
